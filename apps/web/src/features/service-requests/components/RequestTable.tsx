import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequestSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { SortableTh } from '../../../components/ui/SortableTh';
import { useRequestLabels } from './labels';
import { OverdueBadge, PriorityBadge, StatusBadge, VisitText } from './RequestBadges';
import classes from './RequestList.module.css';

export interface RequestRowsProps {
  rows: ServiceRequestSummary[];
  /** Link of a row's request. */
  pathOf: (row: ServiceRequestSummary) => string;
  showCustomer: boolean;
  /** Bulk selection; omitted: no checkboxes. */
  selection?: {
    selected: ReadonlySet<string>;
    toggle: (id: string) => void;
    setAll: (checked: boolean) => void;
  };
}

export function RequestTable({ rows, pathOf, showCustomer, selection, sort, onSort }: RequestRowsProps & { sort: string; onSort: (sort: string) => void }) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  return (
    // Fits a 1280 px screen with the aside open (issue 17 §10): the created date sits under the number,
    // the priority under the status. Narrower screens scroll, with a shadow saying so.
    <Table.ScrollContainer type="native" minWidth={showCustomer ? 860 : 720} className={classes.scroller}>
      <Table verticalSpacing="sm" styles={{ th: { whiteSpace: 'nowrap' } }} data-testid="request-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('bulk.selectAll')}
                  checked={rows.length > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={(event) => selection.setAll(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <SortableTh field="number" sort={sort} onSort={onSort}>
              {t('columns.number')}
            </SortableTh>
            <SortableTh field="title" sort={sort} onSort={onSort}>
              {t('columns.title')}
            </SortableTh>
            {showCustomer && <Table.Th>{t('columns.customer')}</Table.Th>}
            <SortableTh field="status" sort={sort} onSort={onSort}>
              {t('columns.status')}
            </SortableTh>
            <SortableTh field="priority" sort={sort} onSort={onSort}>
              {t('columns.priority')}
            </SortableTh>
            <Table.Th>{t('columns.assignee')}</Table.Th>
            <SortableTh field="resolutionDueAt" sort={sort} onSort={onSort}>
              {t('columns.due')}
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const selected = selection?.selected.has(row.id) ?? false;
            return (
              <Table.Tr key={row.id} className={classes.row} data-selected={selected} data-testid="request-row">
                {selection && (
                  <Table.Td>
                    <Checkbox aria-label={t('bulk.select', { number: row.number })} checked={selected} onChange={() => selection.toggle(row.id)} />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor component={Link} to={pathOf(row)} className={classes.number} size="sm">
                    {row.number}
                  </Anchor>
                  <Text size="xs" c="dimmed" title={format.dateTime(row.createdAt)} style={{ whiteSpace: 'nowrap' }}>
                    {t('list.createdOn', { date: format.date(row.createdAt) })}
                  </Text>
                </Table.Td>
                <Table.Td miw={180} maw={360}>
                  <Anchor component={Link} to={pathOf(row)} fw={600} size="sm" c="inherit" style={{ overflowWrap: 'anywhere' }}>
                    {row.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {labels.type(row.type)}
                    {row.locationText ? ` · ${row.locationText}` : ''}
                  </Text>
                </Table.Td>
                {showCustomer && (
                  <Table.Td>
                    <Text size="sm">{row.customerName}</Text>
                    <Text size="xs" c="dimmed">
                      {row.branchName}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td className={classes.badges}>
                  <StatusBadge status={row.status} />
                  <VisitText row={row} />
                </Table.Td>
                <Table.Td className={classes.badges}>
                  <PriorityBadge priority={row.priority} />
                </Table.Td>
                <Table.Td>
                  {row.assignee?.name ?? (
                    <Text size="sm" c="dimmed" fs="italic">
                      {t('detail.unassigned')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.badges}>
                  <Stack gap={4} align="flex-start">
                    <DueText row={row} />
                    {row.overdue && <OverdueBadge />}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The resolution due time while the work is owed; the completion date once done. */
export function DueText({ row }: { row: ServiceRequestSummary }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  if (row.completedAt)
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('list.doneOn', { date: format.date(row.completedAt) })}
      </Text>
    );
  if (row.status === 'cancelled' || row.status === 'closed') return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c={row.overdue ? 'red.8' : undefined} fw={row.overdue ? 600 : undefined} title={format.dateTime(row.resolutionDueAt)} style={{ whiteSpace: 'nowrap' }}>
        {format.date(row.resolutionDueAt)}
      </Text>
    </Group>
  );
}
