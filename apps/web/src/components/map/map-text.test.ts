import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerZone, ServiceRequestPin } from '@grove/shared';
import { drawZones } from './leaflet-map';
import { popupContent } from './RequestPinsLayer';

/*
 * Issue 9 §7: names and titles typed by users reach Leaflet only as text. Leaflet inserts string
 * tooltips and popups as HTML, so markup in a zone name or a request title would become elements.
 */
const MARKUP = '<img src="x" onerror="window.injected = 1"><b id="injected">bold</b>';

const zone: CustomerZone = {
  id: '00000000-0000-4000-8000-000000000001',
  customerId: '00000000-0000-4000-8000-000000000002',
  name: MARKUP,
  kind: 'turf',
  color: '#2f9e44',
  geometry: { type: 'Polygon', coordinates: [[[-105, 40], [-105, 40.001], [-104.999, 40.001], [-104.999, 40], [-105, 40]]] },
  notes: MARKUP,
  areaSqM: 100,
  areaSqFt: 1076,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const pin: ServiceRequestPin = { id: '00000000-0000-4000-8000-000000000003', number: 'SR-2026-0001', title: MARKUP, status: 'new', lat: 40.0005, lng: -104.9995 };

function injected(root: ParentNode): Element[] {
  return [...root.querySelectorAll('#injected, img[src="x"], b')];
}

describe('user text on the map', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows a zone name with markup in its tooltip as text, creating no element from it', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const map = L.map(container).setView([40.0005, -104.9995], 18);
    const group = L.layerGroup().addTo(map);
    drawZones(group, [zone], { tooltip: (z) => z.name });
    const polygon = group.getLayers()[0] as L.Polygon;
    polygon.openTooltip([40.0005, -104.9995]);
    const tooltip = container.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe(MARKUP);
    expect(injected(container)).toEqual([]);
    map.remove();
  });

  it('builds a request pin popup whose title with markup stays text', () => {
    const popup = popupContent(pin, 'New', '/service-requests/x/update', 'Open', () => undefined);
    document.body.append(popup);
    expect(popup.textContent).toContain(MARKUP);
    expect(popup.querySelectorAll('#injected, img[src="x"], b')).toHaveLength(0);
  });
});
