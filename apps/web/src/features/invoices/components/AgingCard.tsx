import { Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGING_BUCKETS } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { toastError } from '../../../components/ui/toasts';
import { downloadAgingCsv, useAging } from '../api/invoices-api';
import { money } from './money';

/** Open balance by age past due (current, 1–30, 31–60, 61–90, 90+) for one customer, with its CSV. */
export function AgingCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const { data, error } = useAging(customerId);
  const [busy, setBusy] = useState(false);
  const csv = async () => {
    setBusy(true);
    try {
      await downloadAgingCsv(customerId);
    } catch {
      toastError(t('aging.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="aging">
      <Text size="sm" c="dimmed" mb={4}>
        {t('aging.title')}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {t('aging.loadFailed')}
        </Text>
      ) : !data ? (
        <Skeleton height={80} />
      ) : (
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={4}>
          <Table.Tbody>
            {AGING_BUCKETS.map((bucket) => (
              <Table.Tr key={bucket} data-testid={`aging-${bucket}`}>
                <Table.Td>{t(`aging.buckets.${bucket}`)}</Table.Td>
                <Table.Td ta="right" c={bucket !== 'current' && data.totals[bucket] > 0 ? 'red.8' : undefined}>
                  {money(data.totals[bucket], format.language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt={6}>
        <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />} loading={busy} onClick={() => void csv()} disabled={!data}>
          {t('aging.csv')}
        </Button>
      </Group>
    </Paper>
  );
}
