import L from 'leaflet';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';

/*
 * leaflet-geoman (decision 038), loaded only with the map editor. Opt-in: geoman sets itself up only
 * on maps and layers created with `pmIgnore: false`, so the zones, pins and other maps stay plain.
 */
L.PM.setOptIn(true);

/**
 * The two steps of geoman's draw mode the app's own buttons need and geoman has no public call for
 * (its toolbar's "remove last vertex" uses the same method). Pinned geoman version: see package.json.
 */
interface DrawPolygonInternals {
  _removeLastVertex: () => void;
  _markers?: unknown[];
}

/** Removes the last point of the shape being drawn; false when none is left to remove. */
export function removeLastDrawnVertex(map: L.Map): boolean {
  const draw = (map.pm.Draw as unknown as { Polygon: DrawPolygonInternals }).Polygon;
  if (!draw._markers || draw._markers.length === 0) return false;
  draw._removeLastVertex();
  return true;
}
