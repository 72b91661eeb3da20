import { Group, Paper, Stack, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KudosList } from './KudosList';

/** The staff customer page's kudos: who thanked whom, newest first (wired in app/customer-panels.ts). */
export default function CustomerKudosPanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation('kudos');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="customer-kudos">
      <Stack gap="sm">
        <Group gap="xs">
          <IconHeartHandshake size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('list.staffTitle')}
          </Title>
        </Group>
        <KudosList customerId={customerId} showSender pageSize={3} />
      </Stack>
    </Paper>
  );
}
