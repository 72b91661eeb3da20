import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { SortableTh } from '../../../components/ui/SortableTh';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import classes from './CustomerList.module.css';

interface CustomerTableProps {
  rows: CustomerSummary[];
  sort: string;
  onSort: (sort: string) => void;
}

export function CustomerTable({ rows, sort, onSort }: CustomerTableProps) {
  const { t } = useTranslation('customers');
  const format = useFormat();
  return (
    <div className={classes.tableFit}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" styles={{ th: { whiteSpace: 'nowrap' } }} data-testid="customer-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh field="name" sort={sort} onSort={onSort}>
                {t('columns.name')}
              </SortableTh>
              <SortableTh field="accountNumber" sort={sort} onSort={onSort}>
                {t('columns.accountNumber')}
              </SortableTh>
              <Table.Th className={classes.wideOnly}>{t('columns.type')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.location')}</Table.Th>
              <Table.Th>{t('columns.branch')}</Table.Th>
              <Table.Th>{t('columns.accountManager')}</Table.Th>
              <Table.Th ta="end">{t('columns.openRequests')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} className={classes.row}>
                <Table.Td>
                  <Anchor component={Link} to={`/customers/${row.id}`} className={classes.nameLink}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {row.accountNumber}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.wideOnly}>{t(`type.${row.type}`)}</Table.Td>
                <Table.Td miw={110}>
                  <CustomerStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.addressLine1}</Text>
                  <Text size="xs" c="dimmed">
                    {row.city}, {row.state} {row.postalCode}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.branchName}</Text>
                  <Text size="xs" c="dimmed">
                    {row.regionName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.accountManagerName ?? (
                    <Text size="sm" c="dimmed">
                      {t('noManager')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="end">
                  <Text size="sm" fw={row.openRequestCount ? 600 : 400} c={row.openRequestCount ? undefined : 'dimmed'}>
                    {format.number(row.openRequestCount)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
