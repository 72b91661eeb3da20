import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { CustomerZone, OrangeReportPin, ServiceRequestPin } from '@grove/shared';
import { createBaseMap, drawZones, fitView, pinIcon, setZoomLabels, type TileState } from '../../../components/map/leaflet-map';
import { MapOfflineNotice } from '../../../components/map/MapOfflineNotice';
import type { RequestLinkBuilder } from '../../../components/map/request-pins';
import type { ReportLinkBuilder } from '../../../components/map/report-pins';
import { ReportPinsLayer } from '../../../components/map/ReportPinsLayer';
import { RequestPinsLayer } from '../../../components/map/RequestPinsLayer';
import { useZoneFormat } from '../../../components/map/useZoneFormat';
import mapClasses from '../../../components/map/PropertyMap.module.css';
import { insertVertex, isNear, midpoints, moveVertex, removeVertex, type Vertex } from './polygon-draw';
import classes from './MapEditor.module.css';

export type EditorMode = 'view' | 'draw' | 'edit';

export interface MapEditorHandle {
  center: () => Vertex;
  fit: () => void;
}

export interface MapEditorProps {
  zones: readonly CustomerZone[];
  pin: Vertex | null;
  /** Pin and zones can be changed. */
  editable: boolean;
  mode: EditorMode;
  /** The shape being drawn (open) or edited (closed). */
  draft: readonly Vertex[];
  draftColor: string;
  /** Hidden from the saved zones while its draft is edited. */
  editingZoneId: string | null;
  selectedZoneId: string | null;
  label: string;
  onAddVertex: (vertex: Vertex) => void;
  onDraftChange: (vertices: Vertex[]) => void;
  onFinish: () => void;
  onSelectZone: (zone: CustomerZone) => void;
  onPinMove: (vertex: Vertex) => void;
  controller?: Ref<MapEditorHandle>;
  /** Service requests shown as pins (for reference; they are not edited here). */
  requests?: { pins: readonly ServiceRequestPin[]; linkTo: RequestLinkBuilder };
  /** Orange reports shown as pins (for reference). */
  reports?: { pins: readonly OrangeReportPin[]; linkTo: ReportLinkBuilder };
}

const vertexIcon = (first: boolean) =>
  L.divIcon({ className: first ? `${classes.vertex} ${classes.first}` : `${classes.vertex}`, iconSize: first ? [16, 16] : [12, 12] });
const midpointIcon = () => L.divIcon({ className: `${classes.midpoint}`, iconSize: [10, 10] });

/**
 * The editable map: saved zones, the property pin (draggable), and the drawing tool — click to add
 * vertices, click the first vertex or double-click to close, drag vertices to move them, drag an
 * edge's midpoint to add one, right-click a vertex to remove it. The logic lives in polygon-draw.ts;
 * this component only binds it to Leaflet.
 */
export function MapEditor(props: MapEditorProps) {
  const { t } = useTranslation('customerMap');
  const zoneFormat = useZoneFormat();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  // Also kept as state: the request pins layer draws once the map exists.
  const [map, setMap] = useState<L.Map | null>(null);
  const zonesLayer = useRef<L.LayerGroup | null>(null);
  const draftLayer = useRef<L.LayerGroup | null>(null);
  const pinLayer = useRef<L.LayerGroup | null>(null);
  const [tileState, setTileState] = useState<TileState>('loading');
  const fitted = useRef(false);
  // Leaflet handlers are bound once; they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(props.controller, () => ({
    center: () => {
      const center = mapRef.current?.getCenter();
      return center ? ([center.lat, center.lng] as const) : ([0, 0] as const);
    },
    fit: () => {
      if (mapRef.current) fitView(mapRef.current, latest.current.pin ? [...latest.current.pin] : null, latest.current.zones);
    },
  }));

  useEffect(() => {
    if (!container.current) return;
    const map = createBaseMap(container.current, { scrollWheelZoom: true, onTileState: setTileState });
    mapRef.current = map;
    zonesLayer.current = L.layerGroup().addTo(map);
    draftLayer.current = L.layerGroup().addTo(map);
    pinLayer.current = L.layerGroup().addTo(map);
    setMap(map);

    map.on('click', (event: L.LeafletMouseEvent) => {
      const { mode, draft, onAddVertex, onFinish } = latest.current;
      if (mode !== 'draw') return;
      const point = map.latLngToContainerPoint(event.latlng);
      const first = draft[0];
      const last = draft.at(-1);
      if (first && draft.length >= 3 && isNear(point, map.latLngToContainerPoint(first as [number, number]))) {
        onFinish();
        return;
      }
      // The second click of a double-click lands on the vertex just added.
      if (last && isNear(point, map.latLngToContainerPoint(last as [number, number]), 4)) return;
      onAddVertex([event.latlng.lat, event.latlng.lng]);
    });
    map.on('dblclick', () => {
      if (latest.current.mode === 'draw' && latest.current.draft.length >= 3) latest.current.onFinish();
    });
    return () => {
      setMap(null);
      map.remove();
      mapRef.current = null;
    };
  }, []);

  const { zones, pin, editable, mode, draft, draftColor, editingZoneId, selectedZoneId } = props;
  const { t: tMap } = useTranslation('map');

  useEffect(() => {
    if (map) setZoomLabels(map, { zoomIn: tMap('zoomIn'), zoomOut: tMap('zoomOut') });
  }, [map, tMap]);

  // Saved zones (the one being edited is drawn as the draft instead).
  useEffect(() => {
    const group = zonesLayer.current;
    if (!group) return;
    drawZones(
      group,
      zones.filter((zone) => zone.id !== editingZoneId),
      {
        highlightId: selectedZoneId,
        tooltip: (zone) => `${zone.name} · ${zoneFormat.kind(zone.kind)} · ${zoneFormat.area(zone.areaSqM, zone.areaSqFt)}`,
        onClick: (zone) => {
          if (latest.current.mode === 'view') latest.current.onSelectZone(zone);
        },
      },
    );
  }, [zones, editingZoneId, selectedZoneId, zoneFormat]);

  // The first time data is there, show all of it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitted.current) return;
    fitted.current = true;
    fitView(map, pin ? [...pin] : null, zones);
  }, [pin, zones]);

  useEffect(() => {
    const group = pinLayer.current;
    if (!group) return;
    group.clearLayers();
    if (!pin) return;
    const marker = L.marker([...pin], { icon: pinIcon(), draggable: editable && mode === 'view', title: t('pin'), keyboard: false, zIndexOffset: 1000 });
    marker.on('dragend', () => {
      const position = marker.getLatLng();
      latest.current.onPinMove([position.lat, position.lng]);
    });
    marker.addTo(group);
  }, [pin, editable, mode, t]);

  // The draft: its outline, a handle per vertex and, on a closed shape, a handle per edge midpoint.
  useEffect(() => {
    const group = draftLayer.current;
    const map = mapRef.current;
    if (!group || !map) return;
    group.clearLayers();
    container.current?.classList.toggle(`${classes.drawing}`, mode === 'draw');
    if (mode === 'view' || draft.length === 0) return;
    const closed = mode === 'edit';
    const style = { color: draftColor, weight: 3, dashArray: '6 4', fillColor: draftColor, fillOpacity: 0.25, interactive: false };
    const points = draft.map((vertex) => [...vertex] as [number, number]);
    const outline = closed ? L.polygon(points, style) : L.polyline(points, style);
    outline.addTo(group);

    draft.forEach((vertex, index) => {
      const first = index === 0 && !closed;
      const marker = L.marker([...vertex], {
        icon: vertexIcon(first),
        draggable: editable,
        keyboard: false,
        title: first && draft.length >= 3 ? t('draw.closeHere') : t('draw.vertex', { n: index + 1 }),
        bubblingMouseEvents: false,
      });
      marker.on('drag', () => {
        const position = marker.getLatLng();
        const moved = draft.map<[number, number]>((current, i) => (i === index ? [position.lat, position.lng] : [current[0], current[1]]));
        outline.setLatLngs(moved);
      });
      marker.on('dragend', () => {
        const position = marker.getLatLng();
        latest.current.onDraftChange(moveVertex(draft, index, [position.lat, position.lng]));
      });
      marker.on('click', () => {
        if (first && draft.length >= 3) latest.current.onFinish();
      });
      marker.on('contextmenu', (event: L.LeafletMouseEvent) => {
        L.DomEvent.preventDefault(event.originalEvent);
        latest.current.onDraftChange(removeVertex(draft, index, closed));
      });
      marker.addTo(group);
    });

    if (closed && editable) {
      midpoints(draft).forEach((midpoint, index) => {
        const handle = L.marker([...midpoint], { icon: midpointIcon(), draggable: true, keyboard: false, title: t('draw.addVertex'), opacity: 0.8 });
        handle.on('dragend', () => {
          const position = handle.getLatLng();
          latest.current.onDraftChange(insertVertex(draft, index, [position.lat, position.lng]));
        });
        handle.addTo(group);
      });
    }
  }, [draft, mode, draftColor, editable, t]);

  return (
    <div className={mapClasses.frame} data-testid="map-editor" data-mode={mode} data-tiles={tileState}>
      <div ref={container} className={`${mapClasses.map} ${classes.editorMap}`} role="region" aria-label={props.label} data-testid="map-canvas" />
      {mode === 'draw' && <div className={classes.crosshair} aria-hidden />}
      <MapOfflineNotice state={tileState} />
      {props.requests && <RequestPinsLayer map={map} pins={props.requests.pins} linkTo={props.requests.linkTo} />}
      {props.reports && <ReportPinsLayer map={map} pins={props.reports.pins} linkTo={props.reports.linkTo} />}
    </div>
  );
}
