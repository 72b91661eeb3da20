import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerSummary } from '@grove/shared';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import classes from './CustomerList.module.css';

/** The list on a phone: one tappable card per customer. */
export function CustomerCards({ rows, basePath = '/customers' }: { rows: CustomerSummary[]; basePath?: string }) {
  const { t } = useTranslation('customers');
  return (
    <Stack gap="sm" data-testid="customer-cards">
      {rows.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="md" component={Link} to={`${basePath}/${row.id}`} className={classes.card}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} miw={0}>
              <Text fw={600} truncate>
                {row.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {row.addressLine1}, {row.city}, {row.state}
              </Text>
              <Group gap={8}>
                <CustomerStatusBadge status={row.status} />
                <Text size="xs" c="dimmed">
                  {t(`type.${row.type}`)} · {row.accountNumber}
                </Text>
                {row.openRequestCount > 0 && (
                  <Text size="xs" fw={600}>
                    {t('openRequests', { n: row.openRequestCount })}
                  </Text>
                )}
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
