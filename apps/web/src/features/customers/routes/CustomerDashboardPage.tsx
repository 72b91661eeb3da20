import { Anchor, Badge, Button, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconBuildingCommunity, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAX_PAGE_SIZE, type CustomerSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { hasScreen } from '../../../app/route-pages';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../components/ui/ErrorState';
import { MenuOnFirstUse } from '../../../components/ui/MenuOnFirstUse';
import { SelectOnFirstUse } from '../../../components/ui/SelectOnFirstUse';
import { useCustomerList, useOpenRequestsOf } from '../api/customers-api';
import { CustomerStatusBadge } from '../components/CustomerStatusBadge';
import { JoinRequestsCard } from '../components/JoinRequestsCard';
import { newRequestPath, propertyPath, ReportProblemButton } from '../components/ReportProblemButton';
import { useNearViewport } from '../components/use-near-viewport';

const loadReportMenu = () => import('../components/ReportProblemMenu');
const ReportProblemMenu = lazy(loadReportMenu);
// Tiles, weather, team and announcements: fetched, code and data, when they come near the viewport (decision 046).
const PropertyAtAGlance = lazy(() => import('../components/PropertyAtAGlance'));


/**
 * /customerView/dashboard: the customer-side user's properties, each with what is open there, and
 * the main action — reporting a problem — one tap away (issue 17 §5, §6). With one property nobody
 * is asked to choose; the property's own page holds its details and map.
 */
/** Mantine's `md` button height: the header row keeps it before the report button appears. */
const REPORT_BUTTON_HEIGHT = 42;
/** A property card lists this many of its open requests. */
const OPEN_REQUESTS_SHOWN = 3;
/** One open request's row: its title (sm) and its number and date (xs). */
const OPEN_REQUEST_ROW_HEIGHT = 40;
/**
 * How far below the viewport a part starts to load (px): enough to be there when a scroll reaches
 * it, not so far that the parts below a phone's first screen load with it (decision 046).
 */
const NEAR_MARGIN = 100;

export default function CustomerDashboardPage() {
  const { t } = useTranslation('customers');
  const { user } = useSession();
  const { data, error, isPending, refetch } = useCustomerList({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name' });
  const properties = data?.data ?? [];
  const canReport = hasScreen('/customerView/:customerId/requests/new');

  return (
    <Stack gap="md">
      {/* As tall as the report button from the first frame: it appears with the properties (no layout shift). */}
      <Group justify="space-between" align="center" gap="sm" mih={canReport ? REPORT_BUTTON_HEIGHT : undefined}>
        {user && (
          <Text size="lg" fw={500}>
            {t('dashboard.welcome', { name: user.firstName || user.username })}
          </Text>
        )}
        {canReport && properties.length > 0 && <ReportProblemAction properties={properties} />}
      </Group>
      <JoinRequestsCard />
      {isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
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
        <Stack gap="xs">
          <Title order={2} size="h4">
            {properties.length > 1 ? t('dashboard.switcher') : t('dashboard.yourProperty')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: properties.length > 1 ? 2 : 1 }} spacing="md" data-testid="customer-cards">
            {properties.map((property) => (
              <PropertyCard key={property.id} property={property} canReport={canReport && properties.length > 1} />
            ))}
          </SimpleGrid>
          <AtAGlance properties={properties} />
        </Stack>
      )}
    </Stack>
  );
}

/** "Report a problem": straight to the form with one property; a short list of them with several. */
function ReportProblemAction({ properties }: { properties: CustomerSummary[] }) {
  const { t } = useTranslation('customers');
  const only = properties.length === 1 ? properties[0] : undefined;
  if (only) {
    return (
      <Button component={Link} to={newRequestPath(only.id)} size="md" leftSection={<IconTool size={18} aria-hidden />} data-testid="report-problem">
        {t('dashboard.reportProblem')}
      </Button>
    );
  }
  return (
    <MenuOnFirstUse
      load={loadReportMenu}
      button={(props) => <ReportProblemButton aria-haspopup="menu" aria-expanded={false} {...props} />}
      menu={<ReportProblemMenu properties={properties} />}
    />
  );
}

/** One property: name, address, its open requests (overdue ones marked) and the ways in. */
function PropertyCard({ property, canReport }: { property: CustomerSummary; canReport: boolean }) {
  const { t } = useTranslation('customers');
  const format = useFormat();
  // A card below the first screen (many properties) asks for its open requests when it comes near.
  const { ref, near } = useNearViewport<HTMLDivElement>(NEAR_MARGIN);
  const open = useOpenRequestsOf(property.openRequestCount > 0 && near ? property.id : undefined, OPEN_REQUESTS_SHOWN);
  const requestsPath = `${propertyPath(property.id)}/requests`;
  return (
    <Paper ref={ref} withBorder radius="md" p="md" data-testid="property-card">
      <Stack gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={propertyPath(property.id)} fw={700} size="lg" c="inherit" style={{ overflowWrap: 'anywhere' }}>
            {property.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {property.addressLine1}, {property.city}
          </Text>
          <Group gap={8}>
            <CustomerStatusBadge status={property.status} />
            <Badge size="sm" variant="light" color={property.openRequestCount > 0 ? 'orange' : 'gray'}>
              {t('openRequests', { n: property.openRequestCount })}
            </Badge>
          </Group>
        </Stack>
        {open.isPending && property.openRequestCount > 0 && (
          // The open requests' place, kept while they load (their count is known): no layout shift.
          <Stack gap={6} aria-hidden data-testid="property-open-requests-loading">
            {Array.from({ length: Math.min(property.openRequestCount, OPEN_REQUESTS_SHOWN) }, (_, index) => (
              <Skeleton key={index} height={OPEN_REQUEST_ROW_HEIGHT} radius="sm" />
            ))}
          </Stack>
        )}
        {(open.data?.data.length ?? 0) > 0 && (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="property-open-requests">
            {open.data!.data.map((request) => (
              <li key={request.id}>
                <Group gap={6} wrap="nowrap" align="baseline">
                  {request.overdue && <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-label={t('dashboard.overdue')} style={{ flexShrink: 0 }} />}
                  <Anchor component={Link} to={`${requestsPath}/${encodeURIComponent(request.id)}/update`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {request.title}
                  </Anchor>
                </Group>
                <Text size="xs" c="dimmed">
                  {request.number} · {format.date(request.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Group gap="sm" justify="space-between">
          <Button component={Link} to={propertyPath(property.id)} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('dashboard.openProperty')}
          </Button>
          {canReport && (
            <Anchor component={Link} to={newRequestPath(property.id)} size="sm">
              {t('dashboard.reportHere')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Status tiles, weather, team and announcements of one property (the first, or the one picked:
 * `?property=` keeps the choice in the URL), loaded when they come near the viewport. The property's
 * details and map live on its own page, not repeated here.
 */
function AtAGlance({ properties }: { properties: CustomerSummary[] }) {
  const { t } = useTranslation('customers');
  const [params, setParams] = useSearchParams();
  // The focus reaching the switcher (Tab scrolls there) also brings the parts in.
  const { ref, near, reveal } = useNearViewport<HTMLDivElement>(NEAR_MARGIN);
  const chosen = properties.find((property) => property.id === params.get('property')) ?? properties[0];
  if (!chosen) return null;
  const choose = (id: string | null) =>
    id &&
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('property', id);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="sm" mt="md" data-testid="chosen-property" onFocus={reveal}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4">
          {t('dashboard.atAGlance')}
        </Title>
        {properties.length > 1 && (
          <SelectOnFirstUse
            aria-label={t('dashboard.switcher')}
            data={properties.map((property) => ({ value: property.id, label: property.name }))}
            value={chosen.id}
            onChange={choose}
            allowDeselect={false}
            w={{ base: '100%', xs: 320 }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <Stack gap="sm" ref={ref}>
        {near ? (
          <Suspense fallback={<AtAGlanceSkeleton label={t('dashboard.atAGlanceLoading')} />}>
            <PropertyAtAGlance customerId={chosen.id} />
          </Suspense>
        ) : (
          <AtAGlanceSkeleton label={t('dashboard.atAGlanceLoading')} />
        )}
      </Stack>
    </Stack>
  );
}

/** Heights of the parts' own loading states: weather, team, one panel (the tiles: four of 110 px). */
const WEATHER_SKELETON_HEIGHT = 200;
const TEAM_SKELETON_HEIGHT = 120;
const PANEL_SKELETON_HEIGHT = 80;

/**
 * What stands in for "at a glance" until it is near the viewport and its code has arrived: the
 * shapes of the parts' own loading states, so that nothing jumps when they take over.
 */
function AtAGlanceSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label} data-testid="at-a-glance-loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={110} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={WEATHER_SKELETON_HEIGHT} radius="md" />
      <Skeleton height={TEAM_SKELETON_HEIGHT} radius="md" />
      <Skeleton height={PANEL_SKELETON_HEIGHT} radius="md" />
    </Stack>
  );
}
