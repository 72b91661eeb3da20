import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SortableThProps {
  /** Sort field; the list's sort is `field` (ascending) or `-field` (descending). */
  field: string;
  sort: string | undefined;
  onSort: (sort: string) => void;
  children: ReactNode;
}

export function nextSort(field: string, sort: string | undefined): string {
  return sort === field ? `-${field}` : field;
}

/** A column header that sorts the list; announces its direction with aria-sort. */
export function SortableTh({ field, sort, onSort, children }: SortableThProps) {
  const { t } = useTranslation('layout');
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const Icon = direction === 'ascending' ? IconSortAscending : direction === 'descending' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(nextSort(field, sort))}
        title={direction === 'ascending' ? t('list.sortDescending') : t('list.sortAscending')}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 600, fontSize: 'inherit' }}
      >
        {children}
        <Icon size={14} aria-hidden style={{ opacity: direction === 'none' ? 0.5 : 1 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
