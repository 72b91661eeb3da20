import { Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { customerDashboardPanels } from '../../../app/customer-panels';
import { DashboardTiles, DashboardTilesSkeleton } from '../../../components/dashboard/DashboardTiles';
import { useDashboard } from '../../../components/dashboard/dashboard-api';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WeatherPanel } from '../../../components/weather/WeatherPanel';
import { PropertyTeamCard } from './PropertyTeamCard';

/**
 * The customer dashboard's "at a glance" for one property: the status tiles every domain module
 * contributes, the weather, the property's Grove team and the panels other features add. A chunk of
 * its own, rendered when the part comes near the viewport (decision 046): on a phone it lies below
 * the first screen, and with it its code (tiles, weather, Mantine's tooltip) and four API calls.
 */
export default function PropertyAtAGlance({ customerId }: { customerId: string }) {
  return (
    <>
      <PropertyTiles customerId={customerId} />
      <WeatherPanel customerId={customerId} />
      <PropertyTeamCard customerId={customerId} />
      {customerDashboardPanels.map(({ key, Component }) => (
        <Suspense key={key} fallback={<Skeleton height={80} radius="md" />}>
          <Component customerId={customerId} />
        </Suspense>
      ))}
    </>
  );
}

/** Status at a glance: the tiles every domain module contributes for one property. */
function PropertyTiles({ customerId }: { customerId: string }) {
  const { data, error, isPending, refetch } = useDashboard(customerId);
  if (isPending) return <DashboardTilesSkeleton />;
  if (error) return <ErrorState message={error.message} onRetry={() => void refetch()} />;
  return (
    <div data-testid="property-tiles">
      <DashboardTiles tiles={data.tiles} />
    </div>
  );
}
