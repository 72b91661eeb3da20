import {
  IconAlertTriangle,
  IconArticle,
  IconBuilding,
  IconCalendar,
  IconChartBar,
  IconFileInvoice,
  IconFilePlus,
  IconFileText,
  IconFolders,
  IconHeart,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconMessages,
  IconSettings,
  IconTemplate,
  IconTool,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { ROUTE_ACCESS, canAccess, type AccessKey } from '@grove/shared';
import { hasScreen } from '../../app/route-pages';

export type Audience = 'staff' | 'customer';

export interface NavItem {
  /** Concrete path (parameters filled in). */
  to: string;
  /** i18n key of the route title, from ROUTE_ACCESS. */
  title: string;
  access: AccessKey;
  icon: Icon;
  /** Only an exact path match marks the item active (dashboards, property overview). */
  end?: boolean;
}

export interface NavSection {
  /** i18n key (layout namespace) of the section heading; none for the main section. */
  heading?: string;
  items: NavItem[];
}

interface MenuEntry {
  /** Pattern exactly as written in ROUTE_ACCESS. */
  pattern: string;
  icon: Icon;
  end?: boolean;
}

const STAFF_MENU: MenuEntry[] = [
  { pattern: '/dashboard', icon: IconLayoutDashboard },
  { pattern: '/customers', icon: IconBuilding, end: false },
  { pattern: '/service-requests', icon: IconTool },
  { pattern: '/orange-reports/pending', icon: IconAlertTriangle },
  { pattern: '/create-orange-report', icon: IconFilePlus },
  { pattern: '/planTemplates', icon: IconTemplate },
  { pattern: '/file-library', icon: IconFolders },
  { pattern: '/message-center', icon: IconMessages },
  { pattern: '/yn-team-directory', icon: IconUsers },
  { pattern: '/performanceReport', icon: IconChartBar },
  { pattern: '/content', icon: IconArticle },
  { pattern: '/settings', icon: IconSettings },
];

const STAFF_CUSTOMER_MENU: MenuEntry[] = [
  { pattern: '/customers/:customerId', icon: IconHome, end: true },
  { pattern: '/customers/:customerId/requests', icon: IconTool },
  { pattern: '/customers/:customerId/orange-reports', icon: IconAlertTriangle },
  { pattern: '/customers/:customerId/plans', icon: IconCalendar },
  { pattern: '/customers/:customerId/planTemplates', icon: IconTemplate },
  { pattern: '/customers/:customerId/invoices', icon: IconFileInvoice },
  { pattern: '/customers/:customerId/proposals', icon: IconFileText },
  { pattern: '/customers/:customerId/documents', icon: IconFolders },
  { pattern: '/customers/:customerId/messages', icon: IconMessages },
  { pattern: '/customers/:customerId/manage-portal-access', icon: IconKey },
  { pattern: '/customers/:customerId/settings', icon: IconSettings },
];

const CUSTOMER_MENU: MenuEntry[] = [{ pattern: '/customerView/dashboard', icon: IconLayoutDashboard, end: true }];

const PROPERTY_MENU: MenuEntry[] = [
  { pattern: '/customerView/:customerId', icon: IconHome, end: true },
  { pattern: '/customerView/:customerId/requests', icon: IconTool },
  { pattern: '/customerView/:customerId/orange-reports', icon: IconAlertTriangle },
  { pattern: '/customerView/:customerId/plans', icon: IconCalendar },
  { pattern: '/customerView/:customerId/invoices', icon: IconFileInvoice },
  { pattern: '/customerView/:customerId/proposals', icon: IconFileText },
  { pattern: '/customerView/:customerId/documents', icon: IconFolders },
  { pattern: '/customerView/:customerId/messages', icon: IconMessages },
  { pattern: '/customerView/:customerId/sendKudos', icon: IconHeart },
  { pattern: '/customerView/:customerId/manage-portal-access', icon: IconKey },
  { pattern: '/customerView/:customerId/settings', icon: IconSettings },
];

function toItems(menu: MenuEntry[], roles: readonly string[], customerId?: string): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of menu) {
    const route = ROUTE_ACCESS.find((candidate) => candidate.path === entry.pattern);
    // A menu entry without a table row would be a link nobody's access was decided for: leave it out.
    if (!route || !canAccess(roles, route.access)) continue;
    // Areas not built yet are not offered (issue 17 §1).
    if (!hasScreen(entry.pattern)) continue;
    const to = customerId ? entry.pattern.replace(':customerId', encodeURIComponent(customerId)) : entry.pattern;
    if (to.includes('/:')) continue;
    items.push({ to, title: route.title, access: route.access, icon: entry.icon, end: entry.end ?? false });
  }
  return items;
}

/**
 * The aside navigation a user may see: only links whose route-access entry admits one of their roles.
 * `customerId` is the customer (staff) or property (customer side) currently open, if any. On the
 * customer side, "Portal access" shows only at properties whose portal users the person manages
 * (`portalCustomerIds` of the session; issue 9 §6: residents never see it).
 */
export function buildNavigation(audience: Audience, roles: readonly string[], customerId?: string, portalCustomerIds: readonly string[] = []): NavSection[] {
  const sections: NavSection[] = [];
  if (audience === 'staff') {
    sections.push({ items: toItems(STAFF_MENU, roles) });
    if (customerId) sections.push({ heading: 'nav.customerSection', items: toItems(STAFF_CUSTOMER_MENU, roles, customerId) });
  } else {
    sections.push({ items: toItems(CUSTOMER_MENU, roles) });
    if (customerId) {
      const menu = portalCustomerIds.includes(customerId) ? PROPERTY_MENU : PROPERTY_MENU.filter((entry) => !entry.pattern.endsWith('/manage-portal-access'));
      sections.push({ heading: 'nav.propertySection', items: toItems(menu, roles, customerId) });
    }
  }
  return sections.filter((section) => section.items.length > 0);
}

/** Quick links in the header menu: a short, access-filtered subset of the aside. */
export function buildHeaderLinks(audience: Audience, roles: readonly string[], customerId?: string): NavItem[] {
  const wanted =
    audience === 'staff'
      ? ['/customers', '/service-requests', '/message-center', '/create-orange-report']
      : ['/customerView/:customerId/requests', '/customerView/:customerId/messages', '/customerView/:customerId/sendKudos'];
  const menu = [...STAFF_MENU, ...PROPERTY_MENU].filter((entry) => wanted.includes(entry.pattern));
  return toItems(menu, roles, customerId);
}

export function homePath(audience: Audience): string {
  return audience === 'staff' ? '/' : '/customerView/dashboard';
}
