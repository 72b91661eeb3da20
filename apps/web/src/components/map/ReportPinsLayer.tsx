import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrangeReportPin } from '@grove/shared';
import { MAP_MAX_ZOOM } from './leaflet-map';
import { reportPinColor, type ReportLinkBuilder } from './report-pins';
import classes from './PropertyMap.module.css';

export interface ReportPinsLayerProps {
  map: L.Map | null;
  pins: readonly OrangeReportPin[];
  /** Where a pin's "Open report" link leads: staff and customer users have their own views. */
  linkTo: ReportLinkBuilder;
}

/**
 * Orange reports as diamond pins coloured by urgency (divIcons, drawn on the plain background when
 * tiles are offline). Each is keyboard focusable; Enter or a click opens a popup with the number,
 * title, urgency and status and a link to the report.
 */
export function ReportPinsLayer({ map, pins, linkTo }: ReportPinsLayerProps) {
  const { t } = useTranslation('map');
  const navigate = useNavigate();
  const widened = useRef(false);

  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    for (const pin of pins) {
      const status = t(`reports.status.${pin.status}`);
      const urgency = pin.urgency ? t(`reports.urgency.${pin.urgency}`) : null;
      const icon = L.divIcon({
        className: classes.reportPin,
        html: `<span class="${classes.reportDiamond}" style="background:${reportPinColor(pin)}"></span>`,
        iconSize: [22, 22],
        iconAnchor: [11, 11],
        popupAnchor: [0, -10],
      });
      const label = t('reports.pinLabel', { number: pin.number, status });
      const marker = L.marker([pin.latitude, pin.longitude], { icon, title: label, alt: label, keyboard: true, riseOnHover: true, zIndexOffset: 600 });
      const popup = reportPopupContent(pin, [urgency, status].filter(Boolean).join(' · '), linkTo(pin.id), t('reports.open'), (href) => void navigate(href));
      marker.bindPopup(popup, { minWidth: 160, maxWidth: 260, autoPanPaddingTopLeft: [10, 84], autoPanPaddingBottomRight: [10, 24] });
      marker.on('popupopen', () => {
        if (document.activeElement === marker.getElement()) popup.querySelector('a')?.focus();
      });
      marker.addTo(group);
      marker.getElement()?.setAttribute('data-testid', 'report-pin');
      marker.getElement()?.setAttribute('data-status', pin.status);
    }
    if (!widened.current && pins.length > 0) {
      widened.current = true;
      const bounds = L.latLngBounds(pins.map((pin) => [pin.latitude, pin.longitude] as [number, number]));
      if (!map.getBounds().contains(bounds)) map.fitBounds(map.getBounds().pad(-0.1).extend(bounds), { padding: [24, 24], maxZoom: MAP_MAX_ZOOM });
    }
    return () => {
      group.remove();
    };
  }, [map, pins, linkTo, t, navigate]);

  return null;
}

/** Built from DOM nodes, never HTML strings: the title is the crew's own text. */
export function reportPopupContent(pin: OrangeReportPin, state: string, href: string, openLabel: string, go: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = classes.requestPopup ?? '';
  root.setAttribute('data-testid', 'report-popup');
  const number = document.createElement('strong');
  number.textContent = pin.number;
  root.append(number);
  if (pin.title) {
    const title = document.createElement('div');
    title.textContent = pin.title;
    root.append(title);
  }
  const stateLine = document.createElement('div');
  const mark = document.createElement('span');
  mark.className = classes.reportDiamondSmall ?? '';
  mark.style.background = reportPinColor(pin);
  mark.setAttribute('aria-hidden', 'true');
  stateLine.append(mark, document.createTextNode(state));
  root.append(stateLine);
  const link = document.createElement('a');
  link.href = href;
  link.textContent = openLabel;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(href);
  });
  root.append(link);
  return root;
}
