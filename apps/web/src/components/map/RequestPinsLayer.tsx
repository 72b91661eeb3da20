import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ServiceRequestPin } from '@grove/shared';
import { MAP_MAX_ZOOM } from './leaflet-map';
import { REQUEST_STATUS_COLORS, type RequestLinkBuilder } from './request-pins';
import classes from './PropertyMap.module.css';

export interface RequestPinsLayerProps {
  /** The Leaflet map to draw on (null until it exists). */
  map: L.Map | null;
  /** The pins to draw (already filtered by the legend). */
  pins: readonly ServiceRequestPin[];
  /** Where a pin's "Open request" link leads: staff and customer users have their own views. */
  linkTo: RequestLinkBuilder;
}

/**
 * Service requests as round pins coloured by status (divIcons: no image files, drawn on the plain
 * background when tiles are offline). Each pin is keyboard focusable; Enter or a click opens a popup
 * with the number, title, status and a link to the request.
 */
export function RequestPinsLayer({ map, pins, linkTo }: RequestPinsLayerProps) {
  const { t } = useTranslation('map');
  const navigate = useNavigate();
  const widened = useRef(false);

  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    for (const pin of pins) {
      const status = t(`requests.status.${pin.status}`);
      const icon = L.divIcon({
        className: classes.requestPin,
        html: `<span class="${classes.requestDot}" style="background:${REQUEST_STATUS_COLORS[pin.status]}"></span>`,
        iconSize: [20, 20],
        iconAnchor: [10, 10],
        popupAnchor: [0, -8],
      });
      const label = t('requests.pinLabel', { number: pin.number, status });
      const marker = L.marker([pin.lat, pin.lng], { icon, title: label, alt: label, keyboard: true, riseOnHover: true, zIndexOffset: 500 });
      const popup = popupContent(pin, status, linkTo(pin.id), t('requests.open'), (href) => void navigate(href));
      // Top padding keeps the popup clear of the zoom buttons and the offline notice.
      marker.bindPopup(popup, { minWidth: 160, maxWidth: 260, autoPanPaddingTopLeft: [10, 84], autoPanPaddingBottomRight: [10, 24] });
      // Keyboard users land on the link at once; it is the only thing to do in the popup.
      marker.on('popupopen', () => {
        if (document.activeElement === marker.getElement()) popup.querySelector('a')?.focus();
      });
      marker.addTo(group);
      marker.getElement()?.setAttribute('data-testid', 'request-pin');
      marker.getElement()?.setAttribute('data-status', pin.status);
    }
    // The map was fitted to the property; the first time pins come, widen it so all of them show.
    if (!widened.current && pins.length > 0) {
      widened.current = true;
      const bounds = L.latLngBounds(pins.map((pin) => [pin.lat, pin.lng] as [number, number]));
      if (!map.getBounds().contains(bounds)) map.fitBounds(map.getBounds().pad(-0.1).extend(bounds), { padding: [24, 24], maxZoom: MAP_MAX_ZOOM });
    }
    return () => {
      group.remove();
    };
  }, [map, pins, linkTo, t, navigate]);

  return null;
}

/** Built from DOM nodes, never HTML strings: the title is the customer's own text. */
export function popupContent(pin: ServiceRequestPin, status: string, href: string, openLabel: string, go: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = classes.requestPopup ?? '';
  root.setAttribute('data-testid', 'request-popup');
  const number = document.createElement('strong');
  number.textContent = pin.number;
  root.append(number);
  if (pin.title) {
    const title = document.createElement('div');
    title.textContent = pin.title;
    root.append(title);
  }
  const statusLine = document.createElement('div');
  const dot = document.createElement('span');
  dot.className = classes.requestDotSmall ?? '';
  dot.style.background = REQUEST_STATUS_COLORS[pin.status];
  dot.setAttribute('aria-hidden', 'true');
  statusLine.append(dot, document.createTextNode(status));
  root.append(statusLine);
  const link = document.createElement('a');
  link.href = href;
  link.textContent = openLabel;
  // A plain click stays in the app; modified clicks (new tab) keep the browser's behaviour.
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(href);
  });
  root.append(link);
  return root;
}
