import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { CustomerZone, OrangeReportPin, ServiceRequestPin } from '@grove/shared';
import { createBaseMap, drawZones, fitView, pinIcon, setZoomLabels, type TileState } from './leaflet-map';
import { MapOfflineNotice } from './MapOfflineNotice';
import type { RequestLinkBuilder } from './request-pins';
import type { ReportLinkBuilder } from './report-pins';
import { ReportPinsLayer } from './ReportPinsLayer';
import { RequestPinsLayer } from './RequestPinsLayer';
import { useZoneFormat } from './useZoneFormat';
import classes from './PropertyMap.module.css';

export interface ReadOnlyPropertyMapProps {
  latitude: number | null;
  longitude: number | null;
  zones: readonly CustomerZone[];
  height?: number | string;
  /** Accessible name of the map, e.g. "Map of Whitlock Ridge HOA". */
  label: string;
  /** Service requests to show as pins, with where each pin's link leads. */
  requests?: { pins: readonly ServiceRequestPin[]; linkTo: RequestLinkBuilder };
  /** Orange reports to show as pins (the server already left out what the caller may not see). */
  reports?: { pins: readonly OrangeReportPin[]; linkTo: ReportLinkBuilder };
  /** Zones drawn emphasised, the others faded (a plan item's zones); none: all alike. */
  highlightZoneIds?: readonly string[] | null;
}

const NO_PINS: readonly ServiceRequestPin[] = [];

/** The property pin and zones to look at (pan and zoom only); the same map staff and customers see. */
export default function ReadOnlyPropertyMap({ latitude, longitude, zones, height = 280, label, requests, reports, highlightZoneIds }: ReadOnlyPropertyMapProps) {
  const { t } = useTranslation('map');
  const zoneFormat = useZoneFormat();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  // Also kept as state: the request pins layer draws once the map exists.
  const [map, setMap] = useState<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  // The view is fitted when the pin or zones change, not when the highlight does.
  const fitted = useRef<{ zones: readonly CustomerZone[]; key: string } | null>(null);
  const highlightKey = highlightZoneIds ? highlightZoneIds.join(',') : null;
  const [tileState, setTileState] = useState<TileState>('loading');
  // Without a property pin or zones, a request's point shows where the property is.
  const noPlace = (latitude === null || longitude === null) && zones.length === 0;
  const firstRequest = noPlace ? (requests?.pins ?? NO_PINS)[0] : undefined;
  const firstReport = noPlace && !firstRequest ? reports?.pins[0] : undefined;
  const fallbackLat = firstRequest?.lat ?? firstReport?.latitude;
  const fallbackLng = firstRequest?.lng ?? firstReport?.longitude;

  useEffect(() => {
    if (!container.current) return;
    const map = createBaseMap(container.current, { onTileState: setTileState });
    mapRef.current = map;
    layers.current = L.layerGroup().addTo(map);
    setMap(map);
    return () => {
      setMap(null);
      map.remove();
      mapRef.current = null;
      layers.current = null;
    };
  }, []);

  useEffect(() => {
    if (map) setZoomLabels(map, { zoomIn: t('zoomIn'), zoomOut: t('zoomOut') });
  }, [map, t]);

  useEffect(() => {
    const map = mapRef.current;
    const group = layers.current;
    if (!map || !group) return;
    drawZones(group, zones, {
      tooltip: (zone) => `${zone.name} · ${zoneFormat.kind(zone.kind)} · ${zoneFormat.area(zone.areaSqM, zone.areaSqFt)}`,
      highlightIds: highlightKey === null ? null : new Set(highlightKey.split(',').filter(Boolean)),
    });
    const pin = latitude !== null && longitude !== null ? ([latitude, longitude] as [number, number]) : null;
    if (pin) L.marker(pin, { icon: pinIcon(), keyboard: false, title: t('pin') }).addTo(group);
    const fallback = fallbackLat !== undefined && fallbackLng !== undefined ? ([fallbackLat, fallbackLng] as [number, number]) : null;
    const key = `${latitude},${longitude},${fallbackLat},${fallbackLng}`;
    if (fitted.current?.zones !== zones || fitted.current.key !== key) {
      fitView(map, pin ?? fallback, zones);
      fitted.current = { zones, key };
    }
  }, [latitude, longitude, zones, zoneFormat, t, fallbackLat, fallbackLng, highlightKey]);

  return (
    <div className={classes.frame} data-testid="property-map" data-tiles={tileState}>
      <div ref={container} className={classes.map} style={{ height }} role="region" aria-label={label} />
      <MapOfflineNotice state={tileState} />
      {requests && <RequestPinsLayer map={map} pins={requests.pins} linkTo={requests.linkTo} />}
      {reports && <ReportPinsLayer map={map} pins={reports.pins} linkTo={reports.linkTo} />}
    </div>
  );
}
