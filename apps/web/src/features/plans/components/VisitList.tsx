import { type ReactNode, useState } from 'react';
import { Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OCCURRENCE_FILTERS, type OccurrenceFilter, type PlanOccurrence } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { usePlanOccurrences } from '../api/plans-api';

const PAGE_SIZE = 25;

interface VisitListProps {
  planId: string;
  /** Visits in the whole plan (the detail's count): none at all shows the empty state. */
  total: number;
  renderRow: (occurrence: PlanOccurrence) => ReactNode;
}

/**
 * The plan's visits by date, a page at a time from the server (a quarter of weekly items runs to
 * hundreds), filtered by state and grouped by month within the page.
 */
export function VisitList({ planId, total, renderRow }: VisitListProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const [filter, setFilter] = useState<OccurrenceFilter>('all');
  const [page, setPage] = useState(1);
  const visits = usePlanOccurrences(planId, { page, pageSize: PAGE_SIZE, filter });

  if (total === 0) return <EmptyState icon={<IconCalendar size={28} aria-hidden />} title={t('view.noVisits')} description={t('view.noVisitsText')} />;

  const rows = visits.data?.data ?? [];
  const months = [...new Set(rows.map((o) => o.date.slice(0, 7)))];
  let body: ReactNode;
  if (visits.error) body = <ErrorState message={visits.error.message} onRetry={() => void visits.refetch()} />;
  else if (visits.isPending) body = <Skeleton height={240} radius="md" />;
  else if (rows.length === 0)
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t('visits.noneMatch')}
      </Text>
    );
  else
    body = (
      <Stack gap="lg" data-testid="plan-visits" aria-busy={visits.isFetching}>
        {months.map((month) => {
          const label = format.date(`${month}-01`, { month: 'long', year: 'numeric' });
          return (
            <section key={month} aria-label={label}>
              <Text fw={700} mb={6}>
                {label}
              </Text>
              <Stack gap={6}>{rows.filter((o) => o.date.startsWith(month)).map((o) => renderRow(o))}</Stack>
            </section>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          data={OCCURRENCE_FILTERS.map((value) => ({ value, label: t(`visits.filter.${value}`) }))}
          aria-label={t('visits.filterLabel')}
          data-testid="plan-visit-filter"
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      </Group>
      {body}
      {visits.data && visits.data.total > 0 && <ListPagination page={page} pageSize={PAGE_SIZE} total={visits.data.total} onPage={setPage} />}
    </Stack>
  );
}
