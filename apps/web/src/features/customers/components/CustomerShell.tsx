import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { useCustomer, useCustomerOverview } from '../api/customers-api';
import { routeSegmentOfArea } from './customer-sections';
import { CustomerOverview } from './CustomerOverview';
import { CustomerSectionGrid } from './CustomerSectionGrid';
import { ErrorState } from '../../../components/ui/ErrorState';

interface CustomerShellProps {
  customerId: string | undefined;
  base: '/customers/:customerId' | '/customerView/:customerId';
  /** Where "back" leads when the customer is not found. */
  listPath: string;
}

/** The page of one customer: overview, then a card for each of its areas. */
export function CustomerShell({ customerId, base, listPath }: CustomerShellProps) {
  const { t } = useTranslation('customers');
  const { roles } = useSession();
  const { data, error, isPending, refetch } = useCustomer(customerId);
  const overview = useCustomerOverview(data ? customerId : undefined);
  const counts = Object.fromEntries(
    (overview.data?.areas ?? []).map((area) => [routeSegmentOfArea(area.area), { total: area.total, open: area.open }]),
  );
  // Only what will work: the server's permissions decide portal access and the team.
  const hidden = data && !data.permissions.managePortal ? ['manage-portal-access'] : [];

  if (error instanceof ApiError && error.status === 404) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          variant="light"
          color="orange"
          icon={<IconBuildingOff size={28} aria-hidden />}
          title={t('notFound.title')}
          description={t('notFound.text')}
          data-testid="customer-not-found"
        >
          <EmptyState.Actions>
            <Button component={Link} to={listPath} variant="light">
              {t('notFound.back')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      {isPending ? (
        <Skeleton height={180} radius="md" data-testid="customer-skeleton" />
      ) : error || !data ? (
        <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />
      ) : (
        <CustomerOverview customer={data} />
      )}
      {customerId && <CustomerSectionGrid base={base} customerId={customerId} roles={roles} counts={counts} hidden={hidden} />}
    </Stack>
  );
}
