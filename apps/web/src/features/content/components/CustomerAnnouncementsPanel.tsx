import { Accordion, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/format';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useContentFeed, useRecordOpen } from '../api/content-api';
import { ContentBody } from './ContentBody';
import { CATEGORY_COLORS } from './labels';

/**
 * Announcements and articles published for the chosen property (customer dashboard, wired in
 * app/customer-panels.ts). Opening one records it once for reach.
 */
export default function CustomerAnnouncementsPanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation('content');
  const format = useFormat();
  const { data, error, isPending, refetch } = useContentFeed(customerId);
  const open = useRecordOpen();
  const items = data ?? [];

  const onOpen = (id: string | null) => {
    const item = items.find((entry) => entry.id === id);
    if (item && !item.opened) open.mutate(item.id);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="customer-announcements">
      <Stack gap="sm">
        <Group gap="xs">
          <IconSpeakerphone size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('feed.title')}
          </Title>
        </Group>
        {isPending ? (
          <Skeleton height={60} radius="md" />
        ) : error ? (
          <ErrorState message={error.message} onRetry={() => void refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('feed.empty')}
          </Text>
        ) : (
          <Accordion variant="separated" onChange={onOpen} chevronPosition="right">
            {items.map((item) => (
              <Accordion.Item key={item.id} value={item.id} data-testid="announcement">
                <Accordion.Control>
                  <Stack gap={4}>
                    <Group gap={6} wrap="wrap">
                      <Badge size="sm" variant="light" color={CATEGORY_COLORS[item.category]}>
                        {t(`categories.${item.category}`)}
                      </Badge>
                      {!item.opened && (
                        <Badge size="sm" color="orange">
                          {t('feed.new')}
                        </Badge>
                      )}
                    </Group>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {format.date(item.publishedAt)}
                      {item.expireAt ? ` · ${t('feed.until', { date: format.date(item.expireAt) })}` : ''}
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <ContentBody html={item.body} imageId={item.image?.id ?? null} alt={item.title} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
