import { ROUTE_ACCESS, hasStaffRole, type AccessKey } from '@grove/shared';
import {
  matchRoutes,
  redirect,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type RouteObject,
} from 'react-router';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { LAYOUT_NAMESPACES, PLACEHOLDER_NAMESPACES, ROUTE_NAMESPACES } from 'virtual:route-namespaces';
import { lazyPage, withChunkTimeout } from './chunk-loading';
import { loadNamespaces } from './i18n';
import { decideAccess } from './guards';
import { PublicLayout } from './PublicLayout';
import { RootFrame, RouteFallback } from './RootFrame';
import { placeholderPage, ROUTE_PAGES } from './route-pages';
import { audienceOf, buildRouteTree, type RouteHandle, type RouteNode } from './route-tree';
import { ensureSession, refreshOnNavigation } from './session';
import { getToken } from './session-store';

/** The translation namespaces each lazy route loads beside its chunk (read by startFirstScreen). */
const routeNamespacesOf = new WeakMap<RouteObject, readonly string[]>();

/** The screen's translation namespaces load beside its chunk (build/route-namespaces.ts, decision 028). */
function namespacesOf(path: string): readonly string[] {
  return ROUTE_PAGES[path] ? (ROUTE_NAMESPACES[path] ?? []) : PLACEHOLDER_NAMESPACES;
}

function withNamespaces(route: RouteObject, namespaces: readonly string[]): RouteObject {
  routeNamespacesOf.set(route, namespaces);
  return route;
}

function toRouteObject(node: RouteNode): RouteObject {
  const namespaces = namespacesOf(node.entry.path);
  const page = lazyPage(ROUTE_PAGES[node.entry.path] ?? placeholderPage, () => loadNamespaces(namespaces));
  const handle: RouteHandle = { title: node.entry.title, access: node.entry.access };
  if (!node.children.length) return withNamespaces({ path: node.path, handle, lazy: page }, namespaces);
  return {
    path: node.path,
    handle,
    children: [withNamespaces({ index: true, lazy: page }, namespaces), ...node.children.map(toRouteObject)],
  };
}

const tree = buildRouteTree(ROUTE_ACCESS.filter((entry) => audienceOf(entry.access) !== 'any'));
const branch = (audience: string) => tree.filter((node) => audienceOf(node.entry.access) === audience).map(toRouteObject);

function layout(audience: 'staff' | 'customer'): RouteObject {
  return withNamespaces({
    id: audience,
    lazy: async () => {
      const [{ AppLayout }, { DataProvider }] = await withChunkTimeout(() =>
        Promise.all([import('../components/layout/AppLayout'), import('./DataProvider'), loadNamespaces(LAYOUT_NAMESPACES)]),
      );
      return {
        element: (
          <DataProvider>
            <AppLayout audience={audience} />
          </DataProvider>
        ),
      };
    },
    // A pathless child keeps the frame on screen when a page fails (chunk error → retry page).
    children: [{ errorElement: <RouteErrorPage />, children: branch(audience) }],
  }, LAYOUT_NAMESPACES);
}

/** The deepest access key of the matched routes; pages under a layout default to its audience. */
export function accessOfMatches(matches: readonly { route: RouteObject }[]): AccessKey | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.route.handle as Partial<RouteHandle> | undefined;
    if (handle?.access) return handle.access;
  }
  if (matches.some((match) => match.route.id === 'staff')) return 'staff';
  if (matches.some((match) => match.route.id === 'customer')) return 'customer';
  return undefined;
}

/** Spec §6 guard, before any page loads: table access, role fall-backs, login with redirect. */
const guard: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const access = accessOfMatches(matchRoutes(routes, url.pathname) ?? []);
  const state = await ensureSession();
  if (state.status === 'signedIn') refreshOnNavigation();
  if (access && access !== 'public' && state.status === 'unknown') {
    // A token is stored but the server could not be reached to load the user: offline page.
    throw redirect(`/error/error-6?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const decision = decideAccess({
    pathname: url.pathname,
    search: url.search,
    access,
    roles: state.user ? state.roles : null,
  });
  if (!decision.allow) throw redirect(decision.redirectTo);
};

const redirectToCustomer = async ({ params }: LoaderFunctionArgs) => {
  const { roles } = await ensureSession();
  const id = encodeURIComponent(params.customerId ?? '');
  return redirect(hasStaffRole(roles) ? `/customers/${id}` : `/customerView/${id}`);
};

const redirectEntry = ROUTE_ACCESS.find((entry) => entry.path === '/customers/redirectToCustomer/:customerId')!;

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootFrame,
    HydrateFallback: RouteFallback,
    errorElement: <RouteErrorPage />,
    middleware: [guard],
    // Middleware runs with loaders; this one makes every navigation (and so the guard) run.
    loader: () => null,
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect('/customers') },
      {
        id: 'public',
        Component: PublicLayout,
        children: [{ errorElement: <RouteErrorPage />, children: branch('public') }],
      },
      layout('staff'),
      layout('customer'),
      {
        path: redirectEntry.path.slice(1),
        handle: { title: redirectEntry.title, access: redirectEntry.access } satisfies RouteHandle,
        loader: redirectToCustomer,
      },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
];

/**
 * The first screen, started at once (decision 032): the chunks of the routes `pathname` matches
 * (frame and page) begin to download while the entry still loads its texts and checks the session,
 * instead of after both; answers their translation namespaces, for i18next to load with its core
 * ones. Signed out, a protected path ends on the sign-in screen (the guard sends it there), so that
 * is what is started. The router later calls the same `lazy` functions and gets the same modules.
 */
export function startFirstScreen(pathname: string): string[] {
  let matches = matchRoutes(routes, pathname) ?? [];
  const access = accessOfMatches(matches);
  if (access && access !== 'public' && !getToken()) matches = matchRoutes(routes, '/login') ?? [];
  const namespaces = new Set<string>();
  for (const { route } of matches) {
    routeNamespacesOf.get(route)?.forEach((ns) => namespaces.add(ns));
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
  return [...namespaces];
}
