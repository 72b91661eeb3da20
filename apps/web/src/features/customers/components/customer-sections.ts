import { ROUTE_ACCESS, canAccess, type RouteAccess } from '@grove/shared';
import { hasScreen } from '../../../app/route-pages';

export interface CustomerSection {
  /** The area's own route (its list), e.g. `/customers/:customerId/plans`. */
  main: RouteAccess;
  /** Routes below it that need no other id: new…, pending, add member. */
  actions: RouteAccess[];
}

/**
 * Every per-customer route of spec §2 that can be linked without another id, grouped by area,
 * from the shared table, kept to what the user's roles may open and what is built.
 */
export function customerSections(base: '/customers/:customerId' | '/customerView/:customerId', roles: readonly string[]): CustomerSection[] {
  const linkable = ROUTE_ACCESS.filter(
    (entry) =>
      entry.path.startsWith(`${base}/`) && !entry.path.slice(base.length).includes(':') && canAccess(roles, entry.access) && hasScreen(entry.path),
  );
  const sections = new Map<string, CustomerSection>();
  const areaOf = (entry: RouteAccess) => entry.path.slice(base.length + 1).split('/')[0]!;
  for (const entry of linkable) {
    if (entry.path === `${base}/${areaOf(entry)}`) sections.set(areaOf(entry), { main: entry, actions: [] });
  }
  for (const entry of linkable) {
    if (entry.path !== `${base}/${areaOf(entry)}`) sections.get(areaOf(entry))?.actions.push(entry);
  }
  return [...sections.values()];
}

export function fillCustomerId(pattern: string, customerId: string): string {
  return pattern.replace(':customerId', encodeURIComponent(customerId));
}

/** `/customers/:customerId/orange-reports` → `orange-reports`. */
export function areaSegment(path: string): string {
  return path.split('/')[3] ?? '';
}

/** The overview API names areas in camelCase; the routes in their URL form. */
export function routeSegmentOfArea(area: string): string {
  return area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
