import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconMap, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestLinkBuilder, visibleRequestPins } from '../../../components/map/request-pins';
import { reportLinkBuilder } from '../../../components/map/report-pins';
import { ReportPinLegend } from '../../../components/map/ReportPinLegend';
import { RequestPinLegend } from '../../../components/map/RequestPinLegend';
import { useReportPins } from '../../../components/map/useReportPins';
import { useRequestPins } from '../../../components/map/useRequestPins';
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
  /** Whose request pages the request pins link to: staff `/customers`, customer users `/customerView`. */
  requestBase: '/customers' | '/customerView';
}

/** A small read-only map of the property: its pin and zones, with a legend. */
export function CustomerMapCard({ customerId, name, latitude, longitude, editPath, requestBase }: CustomerMapCardProps) {
  const { t } = useTranslation('customers');
  const hasPin = latitude !== null && longitude !== null;
  const zones = useCustomerZones(customerId);
  const list = zones.data ?? [];
  // Pins are extra: when they cannot load, the map still shows the property.
  const allPins = useRequestPins(customerId).data;
  const [showFinished, setShowFinished] = useState(false);
  const requests = useMemo(
    () => (allPins ? { pins: visibleRequestPins(allPins, showFinished), linkTo: requestLinkBuilder(requestBase, customerId) } : undefined),
    [allPins, showFinished, requestBase, customerId],
  );
  // Orange reports the caller may see (customer users: published ones only; the server decides).
  const reportPins = useReportPins(customerId).data;
  const reports = useMemo(() => (reportPins ? { pins: reportPins, linkTo: reportLinkBuilder(requestBase, customerId) } : undefined), [reportPins, requestBase, customerId]);
  const pinCount = (allPins?.length ?? 0) + (reportPins?.length ?? 0);
  const hasLegend = list.length > 0 || pinCount > 0;
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
  } else if (!hasPin && list.length === 0 && pinCount === 0) {
    body = <EmptyState icon={<IconMapPinOff size={28} aria-hidden />} title={t('map.emptyTitle')} description={editPath ? t('map.emptyEditor') : t('map.emptyText')} />;
  } else {
    body = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: hasLegend ? 8 : 12 }}>
          <Suspense fallback={<Skeleton height={280} radius="md" />}>
            <ReadOnlyPropertyMap latitude={latitude} longitude={longitude} zones={list} label={t('map.label', { name })} requests={requests} reports={reports} />
          </Suspense>
        </Grid.Col>
        {hasLegend && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <ZoneLegend zones={list} />
              {allPins && <RequestPinLegend pins={allPins} showFinished={showFinished} onShowFinishedChange={setShowFinished} />}
              {reportPins && <ReportPinLegend pins={reportPins} />}
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
