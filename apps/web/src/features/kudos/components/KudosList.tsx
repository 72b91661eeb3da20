import { useState } from 'react';
import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Kudos } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { useKudosList } from '../api/kudos-api';
import { CATEGORY_ICONS } from './categories';

function Photo({ id, alt }: { id: string; alt: string }) {
  const url = useAuthedFileUrl(id, 'thumb');
  return url ? <img src={url} alt={alt} style={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 8 }} /> : null;
}

function KudosItem({ item, showSender }: { item: Kudos; showSender: boolean }) {
  const { t } = useTranslation('kudos');
  const format = useFormat();
  const Icon = CATEGORY_ICONS[item.category];
  const to = item.recipient?.name ?? t('wholeCrew');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="kudos-item">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Avatar color="orange" radius="xl" variant="light" aria-hidden>
          <Icon size={20} />
        </Avatar>
        <Stack gap={4} style={{ flex: 1 }} miw={0}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {showSender ? t('list.fromTo', { from: item.sender?.name ?? t('formerUser'), to }) : t('list.to', { to })}
            </Text>
            <Text size="xs" c="dimmed" title={format.dateTime(item.createdAt)}>
              {format.relative(item.createdAt)}
            </Text>
          </Group>
          <Badge variant="light" color="orange" size="sm" style={{ alignSelf: 'flex-start' }}>
            {t(`categories.${item.category}.label`)}
          </Badge>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.message}
          </Text>
          {item.photo && <Photo id={item.photo.id} alt={t('list.photo')} />}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Kudos of a customer, newest first (customer users: those they sent). */
export function KudosList({ customerId, showSender, pageSize }: { customerId: string; showSender: boolean; pageSize?: number }) {
  const { t } = useTranslation('kudos');
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useKudosList(customerId, page, pageSize);
  const rows = data?.data ?? [];
  return (
    <Stack gap="sm">
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={<EmptyState icon={<IconHeartHandshake size={28} aria-hidden />} title={t('list.emptyTitle')} description={showSender ? t('list.emptyStaffText') : t('list.emptyText')} />}
        skeletonColumns={1}
      >
        <Stack gap="xs" data-testid="kudos-list">
          {rows.map((item) => (
            <KudosItem key={item.id} item={item} showSender={showSender} />
          ))}
        </Stack>
      </ListState>
      {data && data.total > data.pageSize && <ListPagination page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </Stack>
  );
}
