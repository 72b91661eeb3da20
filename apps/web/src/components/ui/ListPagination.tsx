import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from './useListParams';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** False when the API stopped counting at `total` (decision 029): "of more than N". */
  totalExact?: boolean;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
}

/** "1–25 of 120", page buttons and rows per page. */
export function ListPagination({ page, pageSize, total, totalExact = true, onPage, onPageSize }: ListPaginationProps) {
  const { t, i18n } = useTranslation('layout');
  // "More than N" (decision 037): N is never below the rows up to this page, and one more page can be asked for.
  const pages = Math.max(1, Math.ceil(total / pageSize) + (totalExact ? 0 : 1));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {t(totalExact ? 'list.range' : 'list.rangeMore', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </Text>
      <Group gap="md" wrap="wrap">
        {onPageSize && (
          <NativeSelect
            size="xs"
            label={t('list.rowsPerPage')}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { fontWeight: 400 } }}
            value={String(pageSize)}
            data={PAGE_SIZE_OPTIONS.map(String)}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          />
        )}
        {pages > 1 && (
          <nav aria-label={t('list.pagination')}>
            <Pagination
              size="sm"
              value={Math.min(page, pages)}
              total={pages}
              onChange={onPage}
              getItemProps={(item) => ({ 'aria-label': t('list.page', { page: item }) })}
              getControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
            />
          </nav>
        )}
      </Group>
    </Group>
  );
}
