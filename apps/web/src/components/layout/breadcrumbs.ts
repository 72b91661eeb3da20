import type { UIMatch } from 'react-router';
import type { LayoutSettings } from '../../app/layout-config';

/** What a route's `handle` may carry for the frame. */
export interface LayoutRouteHandle {
  /** i18n key (common namespace) of the page title, e.g. 'routes.customers'. */
  title?: string;
  /** `false` keeps the route out of the breadcrumbs (its title still applies if it is last). */
  crumb?: false;
  /** Page-specific layout settings merged over the user's for this page. */
  layout?: LayoutSettings;
}

export interface Crumb {
  /** i18n key of the title. */
  title: string;
  /** The record's own name or number, shown instead of the title when known. */
  label?: string;
  /** Where the crumb links to (the matched pathname). */
  to: string;
}

function handleOf(match: UIMatch): LayoutRouteHandle | undefined {
  const handle = match.handle as LayoutRouteHandle | null | undefined;
  return handle && typeof handle === 'object' ? handle : undefined;
}

/** Breadcrumb items from the matched routes, parent to child; an index route replaces its parent's crumb. */
export function crumbsFromMatches(matches: readonly UIMatch[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = handleOf(match);
    if (!handle?.title || handle.crumb === false) continue;
    const to = match.pathname.replace(/\/+$/, '') || '/';
    const last = crumbs[crumbs.length - 1];
    if (last && last.to === to) crumbs[crumbs.length - 1] = { title: handle.title, to };
    else crumbs.push({ title: handle.title, to });
  }
  return crumbs;
}

/** The page title key: the last titled route (spec: the title of the last breadcrumb item). */
export function pageTitleFromMatches(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = handleOf(matches[i]!)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Layout settings of every matched route, parent first, so the deepest page wins. */
export function layoutSettingsFromMatches(matches: readonly UIMatch[]): LayoutSettings[] {
  return matches.map((match) => handleOf(match)?.layout).filter((layout): layout is LayoutSettings => !!layout);
}

/** `Grove` alone without a title. */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · Grove` : 'Grove';
}
