import { Skeleton, Stack } from '@mantine/core';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WeatherPanel } from '../../../components/weather/WeatherPanel';
import { useCustomer, useCustomerOverview } from '../api/customers-api';
import { fillCustomerId, routeSegmentOfArea } from './customer-sections';
import { CustomerMapCard } from './CustomerMapCard';
import { CustomerNotFound } from './CustomerNotFound';
import { CustomerOverview } from './CustomerOverview';
import { CustomerSectionGrid } from './CustomerSectionGrid';

interface CustomerShellProps {
  customerId: string | undefined;
  base: '/customers/:customerId' | '/customerView/:customerId';
  /** Where "back" leads when the customer is not found. */
  listPath: string;
}

/** The page of one customer: overview, map, then a card for each of its areas with its latest items. */
export function CustomerShell({ customerId, base, listPath }: CustomerShellProps) {
  const { roles } = useSession();
  const { data, error, isPending, refetch } = useCustomer(customerId);
  const overview = useCustomerOverview(data ? customerId : undefined);
  const counts = Object.fromEntries(
    (overview.data?.areas ?? []).map((area) => [routeSegmentOfArea(area.area), { total: area.total, open: area.open, latest: area.latest }]),
  );
  // Only what will work: the server's permissions decide portal access, settings and the map.
  const hidden: string[] = [];
  if (data && !data.permissions.managePortal) hidden.push('manage-portal-access');
  if (data?.view === 'staff' && !data.permissions.editMap) hidden.push('update-map');

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
          <CustomerOverview customer={data} editPath={editPath} />
          <CustomerMapCard
            customerId={data.id}
            name={data.name}
            latitude={data.latitude}
            longitude={data.longitude}
            requestBase={base === '/customers/:customerId' ? '/customers' : '/customerView'}
            editPath={data.view === 'staff' && data.permissions.editMap ? fillCustomerId(`${base}/update-map`, data.id) : undefined}
          />
          <WeatherPanel customerId={data.id} />
        </>
      )}
      {customerId && <CustomerSectionGrid base={base} customerId={customerId} roles={roles} counts={counts} hidden={hidden} />}
    </Stack>
  );
}
