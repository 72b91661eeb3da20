import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListSkeletonProps {
  rows?: number;
  columns?: number;
}

/** Placeholder rows while a list loads; announced once as "Loading…". */
export function ListSkeleton({ rows = 5, columns = 4 }: ListSkeletonProps) {
  const { t } = useTranslation('layout');
  return (
    <Stack gap="sm" aria-busy="true" data-testid="list-skeleton">
      <VisuallyHidden role="status">{t('loader.loading')}</VisuallyHidden>
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} gap="md" wrap="nowrap" aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} height={18} radius="sm" style={{ flex: column === 0 ? 2 : 1 }} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}
