import { describe, expect, it, vi } from 'vitest';
import type { OrangeReportPin } from '@grove/shared';
import { countByUrgency, reportLinkBuilder, reportPinColor, REPORT_URGENCY_COLORS } from './report-pins';
import { reportPopupContent } from './ReportPinsLayer';

const MARKUP = '<img src="x" onerror="window.injected = 1"><b id="injected">bold</b>';
const pin = (over: Partial<OrangeReportPin> = {}): OrangeReportPin => ({
  id: '00000000-0000-4000-8000-000000000003',
  number: 'OR-2026-0001',
  title: 'Broken head',
  status: 'approved',
  urgency: 'safety',
  latitude: 40,
  longitude: -105,
  ...over,
});

describe('orange report pins', () => {
  it('links each audience to its own view of the report', () => {
    expect(reportLinkBuilder('/customers', 'c 1')('r1')).toBe('/customers/c%201/orange-reports/r1/view');
    expect(reportLinkBuilder('/customerView', 'c1')('r1')).toBe('/customerView/c1/orange-reports/r1/view');
  });

  it('colours by urgency and counts most urgent first, reports without urgency last', () => {
    expect(reportPinColor(pin({ urgency: null }))).toBe(REPORT_URGENCY_COLORS.none);
    const counts = countByUrgency([pin(), pin({ urgency: 'routine' }), pin({ urgency: null }), pin()]);
    expect(counts).toEqual([
      { urgency: 'safety', count: 2 },
      { urgency: 'soon', count: 0 },
      { urgency: 'routine', count: 1 },
      { urgency: 'none', count: 1 },
    ]);
  });

  it('the popup shows the title as text, never as markup, and its link navigates in the app', () => {
    const go = vi.fn();
    const root = reportPopupContent(pin({ title: MARKUP }), 'Safety · Approved', '/customers/c1/orange-reports/r1/view', 'Open report', go);
    expect(root.querySelector('#injected, img[src="x"], b')).toBeNull();
    expect(root.textContent).toContain(MARKUP);
    expect(root.textContent).toContain('OR-2026-0001');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/customers/c1/orange-reports/r1/view');
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(go).toHaveBeenCalledWith('/customers/c1/orange-reports/r1/view');
  });
});
