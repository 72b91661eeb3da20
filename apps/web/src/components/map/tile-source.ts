/**
 * The map background: any XYZ tile server, set at build time with VITE_MAP_TILE_URL (and
 * VITE_MAP_TILE_ATTRIBUTION); OpenStreetMap's standard tiles otherwise. The shapes never depend
 * on it: without tiles (offline, blocked host) they show on a plain background.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const TILE_MAX_ZOOM = 19;

export interface TileSource {
  url: string;
  attribution: string;
}

export function tileSource(env: Record<string, string | undefined> = import.meta.env): TileSource {
  const url = env.VITE_MAP_TILE_URL?.trim();
  const attribution = env.VITE_MAP_TILE_ATTRIBUTION?.trim();
  return url ? { url, attribution: attribution ?? '' } : { url: DEFAULT_TILE_URL, attribution: attribution || DEFAULT_TILE_ATTRIBUTION };
}
