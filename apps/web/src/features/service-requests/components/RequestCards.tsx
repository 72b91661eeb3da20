import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../app/format';
import { useRequestLabels } from './labels';
import { OverdueBadge, PriorityBadge, StatusBadge, VisitText } from './RequestBadges';
import type { RequestRowsProps } from './RequestTable';
import classes from './RequestList.module.css';

/** The list on a phone: one card per request; the whole card opens it, the checkbox selects it. */
export function RequestCards({ rows, pathOf, showCustomer, selection }: RequestRowsProps) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  return (
    <Stack gap="sm" data-testid="request-cards">
      {rows.map((row) => {
        const selected = selection?.selected.has(row.id) ?? false;
        return (
          <Paper key={row.id} withBorder radius="md" p="sm" className={classes.card} data-selected={selected} data-testid="request-card">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {selection && (
                <Checkbox
                  className={classes.above}
                  size="md"
                  mt={2}
                  aria-label={t('bulk.select', { number: row.number })}
                  checked={selected}
                  onChange={() => selection.toggle(row.id)}
                />
              )}
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" ff="monospace" fw={600}>
                    {row.number}
                  </Text>
                  <StatusBadge status={row.status} />
                  <PriorityBadge priority={row.priority} />
                  {row.overdue && <OverdueBadge />}
                </Group>
                <Link to={pathOf(row)} className={classes.stretched}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.title}
                  </Text>
                </Link>
                {showCustomer && (
                  <Text size="sm" truncate>
                    {row.customerName}
                  </Text>
                )}
                <VisitText row={row} />
                <Text size="xs" c="dimmed">
                  {labels.type(row.type)} · {row.assignee?.name ?? t('detail.unassigned')} · {format.relative(row.createdAt)}
                </Text>
              </Stack>
              <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
