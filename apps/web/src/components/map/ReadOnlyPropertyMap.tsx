import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { CustomerZone } from '@grove/shared';
import { createBaseMap, drawZones, fitView, pinIcon, type TileState } from './leaflet-map';
import { MapOfflineNotice } from './MapOfflineNotice';
import { useZoneFormat } from './useZoneFormat';
import classes from './PropertyMap.module.css';

export interface ReadOnlyPropertyMapProps {
  latitude: number | null;
  longitude: number | null;
  zones: readonly CustomerZone[];
  height?: number | string;
  /** Accessible name of the map, e.g. "Map of Whitlock Ridge HOA". */
  label: string;
}

/** The property pin and zones to look at (pan and zoom only); the same map staff and customers see. */
export default function ReadOnlyPropertyMap({ latitude, longitude, zones, height = 280, label }: ReadOnlyPropertyMapProps) {
  const { t } = useTranslation('map');
  const zoneFormat = useZoneFormat();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const [tileState, setTileState] = useState<TileState>('loading');

  useEffect(() => {
    if (!container.current) return;
    const map = createBaseMap(container.current, { onTileState: setTileState });
    mapRef.current = map;
    layers.current = L.layerGroup().addTo(map);
    return () => {
      map.remove();
      mapRef.current = null;
      layers.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    const group = layers.current;
    if (!map || !group) return;
    drawZones(group, zones, { tooltip: (zone) => `${zone.name} · ${zoneFormat.kind(zone.kind)} · ${zoneFormat.area(zone.areaSqM, zone.areaSqFt)}` });
    const pin = latitude !== null && longitude !== null ? ([latitude, longitude] as [number, number]) : null;
    if (pin) L.marker(pin, { icon: pinIcon(), keyboard: false, title: t('pin') }).addTo(group);
    fitView(map, pin, zones);
  }, [latitude, longitude, zones, zoneFormat, t]);

  return (
    <div className={classes.frame} data-testid="property-map" data-tiles={tileState}>
      <div ref={container} className={classes.map} style={{ height }} role="region" aria-label={label} />
      <MapOfflineNotice state={tileState} />
    </div>
  );
}
