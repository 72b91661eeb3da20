import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ACCESS, canAccess, matchRouteAccess } from '@grove/shared';
import { buildHeaderLinks, buildNavigation } from './navigation';

// Access rules are tested as if every area were built; which areas are built changes as they land.
const unbuilt = new Set<string>();
vi.mock('../../app/route-pages', () => ({ hasScreen: (pattern: string) => !unbuilt.has(pattern) }));
afterEach(() => unbuilt.clear());

const paths = (sections: ReturnType<typeof buildNavigation>) => sections.flatMap((section) => section.items.map((item) => item.to));

describe('buildNavigation', () => {
  it('leaves out areas that are not built yet (issue 17 §1)', () => {
    unbuilt.add('/customers/:customerId/invoices').add('/performanceReport');
    const links = paths(buildNavigation('staff', ['System Admin'], 'c-1'));
    expect(links).not.toContain('/customers/c-1/invoices');
    expect(links).not.toContain('/performanceReport');
    expect(links).toContain('/customers/c-1/requests');
  });

  it('gives a System Admin every staff entry except the Crew Leader one', () => {
    expect(paths(buildNavigation('staff', ['System Admin']))).toEqual([
      '/dashboard',
      '/customers',
      '/service-requests',
      '/orange-reports/pending',
      '/planTemplates',
      '/file-library',
      '/message-center',
      '/yn-team-directory',
      '/performanceReport',
      '/content',
      '/settings',
    ]);
  });

  it('shows Create orange report to a Crew Leader but not plan templates', () => {
    const links = paths(buildNavigation('staff', ['Crew Leader']));
    expect(links).toContain('/create-orange-report');
    expect(links).not.toContain('/planTemplates');
  });

  it('any one of several roles is enough', () => {
    const links = paths(buildNavigation('staff', ['Crew Leader', 'Branch Manager']));
    expect(links).toContain('/create-orange-report');
    expect(links).toContain('/planTemplates');
  });

  it('never links to a page the roles cannot open (every role, both audiences)', () => {
    const roleSets = [['Executive'], ['Business Development'], ['Crew Leader'], ['Resident'], ['Property Manager'], ['Tenant/Resident']];
    for (const roles of roleSets) {
      for (const audience of ['staff', 'customer'] as const) {
        for (const to of [...paths(buildNavigation(audience, roles, 'c-1')), ...buildHeaderLinks(audience, roles, 'c-1').map((i) => i.to)]) {
          const entry = matchRouteAccess(to);
          expect(entry, to).toBeDefined();
          expect(canAccess(roles, entry!.access), `${roles.join()} → ${to}`).toBe(true);
        }
      }
    }
  });

  it('customer side: dashboard plus the selected property; messages only for Property Manager and Board Member', () => {
    const resident = paths(buildNavigation('customer', ['Resident'], 'p-9'));
    expect(resident[0]).toBe('/customerView/dashboard');
    expect(resident).toContain('/customerView/p-9/requests');
    expect(resident).toContain('/customerView/p-9/sendKudos');
    expect(resident).not.toContain('/customerView/p-9/messages');
    expect(paths(buildNavigation('customer', ['Board Member'], 'p-9'))).toContain('/customerView/p-9/messages');
  });

  it('customer side: "Portal access" only at properties whose portal users the person manages (never for residents)', () => {
    expect(paths(buildNavigation('customer', ['Resident'], 'p-9'))).not.toContain('/customerView/p-9/manage-portal-access');
    expect(paths(buildNavigation('customer', ['Property Manager', 'Resident'], 'p-9', ['p-1']))).not.toContain('/customerView/p-9/manage-portal-access');
    expect(paths(buildNavigation('customer', ['Property Manager'], 'p-9', ['p-9']))).toContain('/customerView/p-9/manage-portal-access');
  });

  it('without a property a customer user sees only the dashboard', () => {
    expect(paths(buildNavigation('customer', ['Resident']))).toEqual(['/customerView/dashboard']);
  });

  it('a staff user gets the customer section only inside a customer', () => {
    expect(buildNavigation('staff', ['Account Manager'])).toHaveLength(1);
    const sections = buildNavigation('staff', ['Account Manager'], 'c-1');
    expect(sections[1]?.items.map((item) => item.to)).toContain('/customers/c-1/plans');
  });

  it('every menu title is a route title of the table', () => {
    const titles = new Set(ROUTE_ACCESS.map((entry) => entry.title));
    for (const item of buildNavigation('staff', ['System Admin'], 'c-1').flatMap((s) => s.items)) {
      expect(titles.has(item.title)).toBe(true);
    }
  });
});
