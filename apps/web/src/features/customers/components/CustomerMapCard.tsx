import { lazy, Suspense } from 'react';
import { Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconMap, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZoneLegend } from '../../../components/map/ZoneLegend';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useCustomerZones } from '../api/customers-api';

// Leaflet is loaded only with a map on screen.
const ReadOnlyPropertyMap = lazy(() => import('../../../components/map/ReadOnlyPropertyMap'));

interface CustomerMapCardProps {
  customerId: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** `/customers/{id}/update-map` for staff who may edit the map. */
  editPath?: string;
}

/** A small read-only map of the property: its pin and zones, with a legend. */
export function CustomerMapCard({ customerId, name, latitude, longitude, editPath }: CustomerMapCardProps) {
  const { t } = useTranslation('customers');
  const hasPin = latitude !== null && longitude !== null;
  const zones = useCustomerZones(customerId);
  const list = zones.data ?? [];
  const actions = editPath ? (
    <Button component={Link} to={editPath} variant="light" size="xs" leftSection={<IconMap size={14} aria-hidden />}>
      {t('map.edit')}
    </Button>
  ) : undefined;

  let body: React.ReactNode;
  if (zones.error) {
    body = <ErrorState message={zones.error.message} onRetry={() => void zones.refetch()} />;
  } else if (zones.isPending) {
    body = <Skeleton height={280} radius="md" />;
  } else if (!hasPin && list.length === 0) {
    body = <EmptyState icon={<IconMapPinOff size={28} aria-hidden />} title={t('map.emptyTitle')} description={editPath ? t('map.emptyEditor') : t('map.emptyText')} />;
  } else {
    body = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: list.length ? 8 : 12 }}>
          <Suspense fallback={<Skeleton height={280} radius="md" />}>
            <ReadOnlyPropertyMap latitude={latitude} longitude={longitude} zones={list} label={t('map.label', { name })} />
          </Suspense>
        </Grid.Col>
        {list.length > 0 && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <ZoneLegend zones={list} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    );
  }

  return (
    <ContentCard title={t('map.title')} actions={actions} data-testid="customer-map-card">
      {body}
    </ContentCard>
  );
}
