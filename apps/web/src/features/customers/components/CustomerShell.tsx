import { Suspense } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { staffCustomerPanels } from '../../../app/customer-panels';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WeatherPanel } from '../../../components/weather/WeatherPanel';
import { useCustomer, useCustomerOverview, useOverdueRequestCount } from '../api/customers-api';
import { fillCustomerId, routeSegmentOfArea } from './customer-sections';
import { CustomerMapCard } from './CustomerMapCard';
import { CustomerNotFound } from './CustomerNotFound';
import { CustomerOverview } from './CustomerOverview';
import { CustomerSectionGrid, type AreaCount } from './CustomerSectionGrid';
import { useRecordTitle } from '../../../components/layout/record-titles';

interface CustomerShellProps {
  customerId: string | undefined;
  base: '/customers/:customerId' | '/customerView/:customerId';
  /** Where "back" leads when the customer is not found. */
  listPath: string;
}

/** Areas whose tile leads to work: always first, even with nothing open (the page's main action). */
const ACTION_AREAS: readonly string[] = ['requests'];

/**
 * The page of one customer, what needs action first (issue 17 §4): areas with open items (requests
 * with their overdue count, later pending reports and proposals), then the map, then the details
 * and the remaining areas. Settings and the map have their own buttons, not empty tiles.
 */
export function CustomerShell({ customerId, base, listPath }: CustomerShellProps) {
  const { roles } = useSession();
  const { data, error, isPending, refetch } = useCustomer(customerId);
  const overview = useCustomerOverview(data ? customerId : undefined);
  const overdue = useOverdueRequestCount(data ? customerId : undefined);
  useRecordTitle(data?.name);
  const counts: Record<string, AreaCount> = Object.fromEntries(
    (overview.data?.areas ?? []).map((area) => [routeSegmentOfArea(area.area), { total: area.total, open: area.open, latest: area.latest }]),
  );
  if (counts.requests && overdue.data) counts.requests = { ...counts.requests, overdue: overdue.data };
  // Only what will work: the server's permissions decide portal access; settings and the map
  // are reached from their own buttons (a tile with only a title would be an empty box).
  const hidden: string[] = ['settings', 'update-map'];
  if (data && !data.permissions.managePortal) hidden.push('manage-portal-access');
  const needsAction = (area: string) => ACTION_AREAS.includes(area) || (counts[area]?.open ?? 0) > 0;

  if (error instanceof ApiError && error.status === 404) return <CustomerNotFound listPath={listPath} />;

  const editPath = data?.view === 'staff' && data.permissions.edit !== 'none' ? fillCustomerId(`${base}/settings`, data.id) : undefined;
  return (
    <Stack gap="lg">
      {isPending ? (
        <Skeleton height={180} radius="md" data-testid="customer-skeleton" />
      ) : error || !data ? (
        <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />
      ) : (
        <>
          {customerId && (
            <CustomerSectionGrid
              base={base}
              customerId={customerId}
              roles={roles}
              counts={counts}
              hidden={hidden}
              include={needsAction}
              wideColumns={2}
              testId="customer-attention"
            />
          )}
          <CustomerMapCard
            customerId={data.id}
            name={data.name}
            latitude={data.latitude}
            longitude={data.longitude}
            requestBase={base === '/customers/:customerId' ? '/customers' : '/customerView'}
            editPath={data.view === 'staff' && data.permissions.editMap ? fillCustomerId(`${base}/update-map`, data.id) : undefined}
          />
          <WeatherPanel customerId={data.id} />
          <CustomerOverview customer={data} editPath={editPath} />
          {data.view === 'staff' &&
            staffCustomerPanels.map(({ key, Component }) => (
              <Suspense key={key} fallback={<Skeleton h={120} radius="md" />}>
                <Component customerId={data.id} />
              </Suspense>
            ))}
        </>
      )}
      {customerId && data && (
        <CustomerSectionGrid base={base} customerId={customerId} roles={roles} counts={counts} hidden={hidden} include={(area) => !needsAction(area)} />
      )}
    </Stack>
  );
}
