import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { CustomerZone } from '@grove/shared';
import { geometryPoints, geometryToLatLngs, type LatLngTuple } from './geo';
import { TILE_MAX_ZOOM, tileSource } from './tile-source';

/** `offline`: tiles were asked for and none arrived — the map shows a plain background. */
export type TileState = 'loading' | 'ok' | 'offline';

export const MAP_MAX_ZOOM = 21;
/** The continental US, when a customer has neither a pin nor zones yet. */
export const FALLBACK_VIEW: { center: LatLngTuple; zoom: number } = { center: [39.5, -98.35], zoom: 4 };
export const PIN_ZOOM = 18;

export interface BaseMapOptions {
  /** Pan and zoom with mouse, touch and keyboard (always); `false` keeps the wheel for the page. */
  scrollWheelZoom?: boolean;
  onTileState?: (state: TileState) => void;
  /** `false` lets leaflet-geoman draw on this map (it is opt-in: the map editor only, decision 038). */
  pmIgnore?: boolean;
}

/**
 * Data (zone names, request titles) goes into Leaflet only as DOM text: Leaflet inserts a string
 * tooltip, popup or icon as HTML, so a zone named `<img onerror=…>` would become an element.
 */
export function textContent(text: string, tag: keyof HTMLElementTagNameMap = 'span'): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/**
 * A Leaflet map with the configured tile source. Tile failures are counted: when tiles fail and
 * none has loaded, the map reports `offline` (the container's own background then shows).
 */
export function createBaseMap(container: HTMLElement, options: BaseMapOptions = {}): L.Map {
  const map = L.map(container, {
    maxZoom: MAP_MAX_ZOOM,
    scrollWheelZoom: options.scrollWheelZoom ?? false,
    doubleClickZoom: false,
    zoomSnap: 0.5,
    attributionControl: true,
    ...(options.pmIgnore === false ? { pmIgnore: false } : {}),
  });
  map.attributionControl.setPrefix(false);
  const source = tileSource();
  const tiles = L.tileLayer(source.url, { attribution: source.attribution, maxNativeZoom: TILE_MAX_ZOOM, maxZoom: MAP_MAX_ZOOM, crossOrigin: true });
  let loaded = 0;
  let failed = 0;
  const report = () => options.onTileState?.(loaded > 0 ? 'ok' : failed > 0 ? 'offline' : 'loading');
  tiles.on('tileload', () => {
    loaded++;
    report();
  });
  tiles.on('tileerror', () => {
    failed++;
    report();
  });
  tiles.addTo(map);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) options.onTileState?.('offline');
  return map;
}

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 36" width="28" height="42" aria-hidden="true">' +
  '<path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#f76707" stroke="#ffffff" stroke-width="1.5"/>' +
  '<circle cx="12" cy="12" r="4.5" fill="#ffffff"/></svg>';

/** The property pin (an inline SVG: no image files to resolve, works offline). */
export function pinIcon(): L.DivIcon {
  return L.divIcon({ html: PIN_SVG, className: 'grove-map-pin', iconSize: [28, 42], iconAnchor: [14, 42] });
}

export interface ZoneLayerOptions {
  /** Zone id drawn emphasised (selected in a list). */
  highlightId?: string | null;
  /** Zones drawn emphasised while the others fade (a plan item's zones); null: all drawn alike. */
  highlightIds?: ReadonlySet<string> | null;
  onClick?: (zone: CustomerZone) => void;
  /** The zone's tooltip text (inserted as a text node, never as HTML). */
  tooltip?: (zone: CustomerZone) => string;
}

/** Draws the zones into the group (clearing it first), each in its own colour. */
export function drawZones(group: L.LayerGroup, zones: readonly CustomerZone[], options: ZoneLayerOptions = {}): void {
  group.clearLayers();
  for (const zone of zones) {
    const highlighted = options.highlightId === zone.id || (options.highlightIds?.has(zone.id) ?? false);
    const faded = !!options.highlightIds && !highlighted;
    const polygon = L.polygon(geometryToLatLngs(zone.geometry), {
      color: zone.color,
      weight: highlighted ? 4 : faded ? 1 : 2,
      opacity: faded ? 0.45 : 1,
      fillColor: zone.color,
      fillOpacity: highlighted ? 0.55 : faded ? 0.08 : 0.3,
      dashArray: zone.kind === 'no_touch' ? '6 4' : undefined,
      bubblingMouseEvents: false,
      // A hook for tests and print styles: which zones stand out.
      className: highlighted ? 'grove-zone-highlighted' : faded ? 'grove-zone-faded' : undefined,
    });
    if (options.tooltip) polygon.bindTooltip(textContent(options.tooltip(zone)), { sticky: true });
    if (options.onClick) polygon.on('click', () => options.onClick?.(zone));
    polygon.addTo(group);
  }
}

/** Names the zoom buttons in the interface language (Leaflet's own titles are English). */
export function setZoomLabels(map: L.Map, labels: { zoomIn: string; zoomOut: string }): void {
  const container = map.getContainer();
  for (const [selector, label] of [
    ['.leaflet-control-zoom-in', labels.zoomIn],
    ['.leaflet-control-zoom-out', labels.zoomOut],
  ] as const) {
    const button = container.querySelector(selector);
    button?.setAttribute('title', label);
    button?.setAttribute('aria-label', label);
  }
}

/** Shows the pin and zones: fits them all, or the pin at street level, or the fallback view. */
export function fitView(map: L.Map, pin: LatLngTuple | null, zones: readonly CustomerZone[]): void {
  const points: LatLngTuple[] = zones.flatMap((zone) => geometryPoints(zone.geometry));
  if (pin) points.push(pin);
  if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: PIN_ZOOM });
  else if (points.length === 1) map.setView(points[0]!, PIN_ZOOM);
  else map.setView(FALLBACK_VIEW.center, FALLBACK_VIEW.zoom);
}
