import type { AccessKey, RouteAccess } from '@grove/shared';

/** The `handle` of every table route: its title (i18n key, the breadcrumb) and its access key. */
export interface RouteHandle {
  title: string;
  access?: AccessKey;
  crumb?: false;
}

export type Audience = 'public' | 'staff' | 'customer' | 'any';

export function audienceOf(access: AccessKey): Audience {
  switch (access) {
    case 'public':
      return 'public';
    case 'customer':
    case 'customerMessages':
      return 'customer';
    case 'authenticated':
      return 'any';
    default:
      return 'staff';
  }
}

export interface RouteNode {
  entry: RouteAccess;
  /** Path relative to the parent node (no leading slash). */
  path: string;
  children: RouteNode[];
}

const segments = (path: string) => path.split('/').filter(Boolean);

function isPrefix(parent: string[], child: string[]): boolean {
  return parent.length < child.length && parent.every((segment, i) => segment === child[i]);
}

/**
 * Nests table routes under their closest ancestor route of the same table, so that
 * `/customers/:customerId/plans/new` sits under `/customers/:customerId/plans` and the
 * breadcrumbs follow the path (Customers › Customer › Plans › New plan).
 */
export function buildRouteTree(entries: readonly RouteAccess[]): RouteNode[] {
  const sorted = [...entries].sort((a, b) => segments(a.path).length - segments(b.path).length);
  const roots: RouteNode[] = [];
  const placed: { node: RouteNode; segs: string[] }[] = [];
  for (const entry of sorted) {
    const segs = segments(entry.path);
    let parent: { node: RouteNode; segs: string[] } | undefined;
    for (const candidate of placed) {
      if (isPrefix(candidate.segs, segs) && (!parent || candidate.segs.length > parent.segs.length)) parent = candidate;
    }
    const node: RouteNode = {
      entry,
      path: (parent ? segs.slice(parent.segs.length) : segs).join('/'),
      children: [],
    };
    (parent ? parent.node.children : roots).push(node);
    placed.push({ node, segs });
  }
  return roots;
}
