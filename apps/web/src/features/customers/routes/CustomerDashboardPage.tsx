import { Button, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity, IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MAX_PAGE_SIZE, type CustomerSummary } from '@grove/shared';
import { useSession } from '../../../app/session';
import { DashboardTiles, DashboardTilesSkeleton } from '../../../components/dashboard/DashboardTiles';
import { useDashboard } from '../../../components/dashboard/dashboard-api';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WeatherPanel } from '../../../components/weather/WeatherPanel';
import { useCustomer, useCustomerList } from '../api/customers-api';
import { CustomerMapCard } from '../components/CustomerMapCard';
import { CustomerOverview } from '../components/CustomerOverview';
import { CustomerStatusBadge } from '../components/CustomerStatusBadge';
import { JoinRequestsCard } from '../components/JoinRequestsCard';
import classes from '../components/CustomerList.module.css';

/**
 * /customerView/dashboard: the properties a customer-side user is linked to. With several, the
 * cards switch between them (`?property=` keeps the choice in the URL); the chosen one shows its
 * overview and map as on its own page.
 */
export default function CustomerDashboardPage() {
  const { t } = useTranslation('customers');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { data, error, isPending, refetch } = useCustomerList({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name' });
  const properties = data?.data ?? [];
  const chosen = properties.find((property) => property.id === params.get('property')) ?? properties[0];

  const choose = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('property', id);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {user && (
        <Text size="lg" fw={500}>
          {t('dashboard.welcome', { name: user.firstName || user.username })}
        </Text>
      )}
      <JoinRequestsCard />
      <Text c="dimmed">{properties.length > 1 ? t('dashboard.chooseIntro') : t('dashboard.intro')}</Text>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={92} radius="md" />
          <Skeleton height={92} radius="md" />
        </SimpleGrid>
      ) : error ? (
        <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />
      ) : properties.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            variant="light"
            color="teal"
            icon={<IconBuildingCommunity size={28} aria-hidden />}
            title={t('dashboard.emptyTitle')}
            description={t('dashboard.emptyText')}
            data-testid="properties-empty"
          />
        </Paper>
      ) : (
        <>
          <PropertySwitcher properties={properties} chosenId={chosen?.id} onChoose={choose} />
          {chosen && <ChosenProperty id={chosen.id} />}
        </>
      )}
    </Stack>
  );
}

function PropertySwitcher({ properties, chosenId, onChoose }: { properties: CustomerSummary[]; chosenId: string | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('customers');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="group" aria-label={t('dashboard.switcher')} data-testid="customer-cards">
      {properties.map((property) => {
        const selected = property.id === chosenId;
        return (
          <UnstyledButton
            key={property.id}
            onClick={() => onChoose(property.id)}
            aria-pressed={selected}
            className={classes.card}
            data-selected={selected}
            data-testid="property-choice"
            p="md"
            style={{
              border: `1px solid ${selected ? 'var(--mantine-color-orange-5)' : 'var(--mantine-color-default-border)'}`,
              borderRadius: 'var(--mantine-radius-md)',
              background: selected ? 'var(--mantine-color-orange-light)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} truncate>
                  {property.name}
                </Text>
                {/* Full text colour on the tinted selected card: dimmed grey falls below 4.5:1 there. */}
                <Text size="sm" c={selected ? undefined : 'dimmed'} truncate>
                  {property.addressLine1}, {property.city}
                </Text>
                <Group gap={8}>
                  <CustomerStatusBadge status={property.status} />
                  {property.openRequestCount > 0 && (
                    <Text size="xs" fw={600}>
                      {t('openRequests', { n: property.openRequestCount })}
                    </Text>
                  )}
                </Group>
              </Stack>
              {selected && <IconCircleCheckFilled size={20} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />}
            </Group>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

function ChosenProperty({ id }: { id: string }) {
  const { t } = useTranslation('customers');
  const { data, error, isPending, refetch } = useCustomer(id);
  if (isPending) return <Skeleton height={240} radius="md" />;
  if (error) return <ErrorState message={error.message} onRetry={() => void refetch()} />;
  return (
    <Stack gap="md" data-testid="chosen-property">
      <CustomerOverview customer={data} />
      <PropertyAtAGlance customerId={data.id} />
      <WeatherPanel customerId={data.id} />
      <CustomerMapCard customerId={data.id} name={data.name} latitude={data.latitude} longitude={data.longitude} requestBase="/customerView" />
      <Group justify="flex-end">
        <Button component={Link} to={`/customerView/${encodeURIComponent(data.id)}`} rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t('dashboard.open', { name: data.name })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Status at a glance: the tiles every domain module contributes for one property. */
function PropertyAtAGlance({ customerId }: { customerId: string }) {
  const { data, error, isPending, refetch } = useDashboard(customerId);
  if (isPending) return <DashboardTilesSkeleton />;
  if (error) return <ErrorState message={error.message} onRetry={() => void refetch()} />;
  return (
    <div data-testid="property-tiles">
      <DashboardTiles tiles={data.tiles} />
    </div>
  );
}
