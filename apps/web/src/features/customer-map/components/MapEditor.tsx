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
import type { Vertex } from './draft-shape';
import { removeLastDrawnVertex } from './geoman';
import classes from './MapEditor.module.css';

export type EditorMode = 'view' | 'draw' | 'edit';

export interface MapEditorHandle {
  center: () => Vertex;
  fit: () => void;
  /** While drawing: adds a point where the map's centre is (the keyboard way to draw). */
  addPointAtCentre: () => void;
  /** While drawing: removes the last point. */
  undoPoint: () => void;
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
  /** The shape changed: a point added, moved or removed (while drawing or editing). */
  onDraftChange: (vertices: Vertex[]) => void;
  /** The shape was closed on the map (first point clicked or double-click). */
  onFinish: (vertices: Vertex[]) => void;
  onSelectZone: (zone: CustomerZone) => void;
  onPinMove: (vertex: Vertex) => void;
  controller?: Ref<MapEditorHandle>;
  /** Service requests shown as pins (for reference; they are not edited here). */
  requests?: { pins: readonly ServiceRequestPin[]; linkTo: RequestLinkBuilder };
  /** Orange reports shown as pins (for reference). */
  reports?: { pins: readonly OrangeReportPin[]; linkTo: ReportLinkBuilder };
}

const toVertices = (latlngs: readonly L.LatLng[]): Vertex[] => latlngs.map((point) => [point.lat, point.lng] as const);
/** The outer ring of a polygon layer (the editor only edits polygons without holes). */
const ringOf = (polygon: L.Polygon): Vertex[] => toVertices((polygon.getLatLngs() as L.LatLng[][])[0] ?? []);

/**
 * The editable map: saved zones, the property pin (draggable), and the shape being drawn or edited,
 * both done by leaflet-geoman (decision 038). Drawing: click to add points, click the first point or
 * double-click to close; a point that would make the outline cross itself is refused. Editing: drag a
 * point, drag an edge's middle handle to add one, right-click a point to remove it (a triangle stays).
 * The page keeps the shape: every change is reported through `onDraftChange`.
 */
export function MapEditor(props: MapEditorProps) {
  const { t } = useTranslation('customerMap');
  const zoneFormat = useZoneFormat();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  // Also kept as state: the request pins layer draws once the map exists.
  const [map, setMap] = useState<L.Map | null>(null);
  const zonesLayer = useRef<L.LayerGroup | null>(null);
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
    // A click at the centre goes through geoman's own click handling (and its crossing check).
    addPointAtCentre: () => {
      const map = mapRef.current;
      if (map && latest.current.mode === 'draw') map.fire('click', { latlng: map.getCenter() });
    },
    undoPoint: () => {
      const map = mapRef.current;
      if (map && latest.current.mode === 'draw') removeLastDrawnVertex(map);
    },
  }));

  useEffect(() => {
    if (!container.current) return;
    const map = createBaseMap(container.current, { scrollWheelZoom: true, onTileState: setTileState, pmIgnore: false });
    mapRef.current = map;
    zonesLayer.current = L.layerGroup().addTo(map);
    pinLayer.current = L.layerGroup().addTo(map);
    setMap(map);
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

  // Drawing a new shape: geoman's draw mode. The page learns each point; closing reports the shape.
  useEffect(() => {
    if (!map || mode !== 'draw') return;
    let stopped = false;
    let working: L.Layer | null = null;
    const report = () => {
      if (working instanceof L.Polyline) latest.current.onDraftChange(toVertices(working.getLatLngs() as L.LatLng[]));
    };
    const onDrawStart = (event: L.LeafletEvent & { workingLayer?: L.Layer }) => {
      working = event.workingLayer ?? null;
      working?.on('pm:vertexadded pm:vertexremoved', report);
    };
    const onCreate = (event: L.LeafletEvent) => {
      stopped = true;
      const created: unknown = event.layer;
      // The page draws the closed shape (as the draft being edited); geoman's copy goes.
      if (created instanceof L.Layer) created.remove();
      if (created instanceof L.Polygon) latest.current.onFinish(ringOf(created));
    };
    const start = () => map.pm.enableDraw('Polygon', {
      allowSelfIntersection: false,
      finishOn: 'dblclick',
      snappable: false,
      tooltips: false,
      continueDrawing: false,
      templineStyle: { color: draftColor, weight: 3, dashArray: '6 4' },
      hintlineStyle: { color: draftColor, weight: 2, dashArray: '2 6' },
      pathOptions: { color: draftColor },
    });
    // Undoing the only point ends geoman's draw mode; the page is still drawing, so it starts again.
    const onDrawEnd = () => {
      working?.off('pm:vertexadded pm:vertexremoved', report);
      working = null;
      if (stopped) return;
      latest.current.onDraftChange([]);
      start();
    };
    map.on('pm:drawstart', onDrawStart);
    map.on('pm:drawend', onDrawEnd);
    map.on('pm:create', onCreate);
    const element = container.current;
    element?.classList.add(`${classes.drawing}`);
    start();
    return () => {
      stopped = true;
      map.pm.disableDraw();
      map.off('pm:drawstart', onDrawStart);
      map.off('pm:drawend', onDrawEnd);
      map.off('pm:create', onCreate);
      element?.classList.remove(`${classes.drawing}`);
    };
    // The colour is read when drawing starts; changing it while drawing is not offered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, mode]);

  // Editing a closed shape: geoman's edit mode on a polygon of the draft.
  useEffect(() => {
    if (!map || mode !== 'edit' || draft.length === 0) return;
    const polygon = L.polygon(
      draft.map((vertex) => [...vertex] as [number, number]),
      { color: draftColor, weight: 3, dashArray: '6 4', fillColor: draftColor, fillOpacity: 0.25, pmIgnore: false },
    ).addTo(map);
    const onEdit = () => latest.current.onDraftChange(ringOf(polygon));
    if (editable) {
      // A point removed from a triangle would delete the whole shape: geoman then flashes it instead.
      polygon.pm.enable({ allowSelfIntersection: false, removeVertexOn: 'contextmenu', removeLayerBelowMinVertexCount: false, snappable: false, draggable: false });
      polygon.on('pm:edit', onEdit);
    }
    return () => {
      polygon.off('pm:edit', onEdit);
      if (editable) polygon.pm.disable();
      polygon.remove();
    };
  }, [map, mode, draft, draftColor, editable]);

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
