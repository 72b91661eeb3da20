import L from 'leaflet';

// leaflet-geoman's bundle extends the global `L`; it must exist before geoman.ts imports it.
(globalThis as { L?: typeof L }).L = L;
