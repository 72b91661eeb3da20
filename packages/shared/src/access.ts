import { CUSTOMER_ROLES, STAFF_ROLES, isCustomerRole, type Role } from './roles.js';

/**
 * Spec §6 in one place. Each access key names a set of roles; `null` means "signed in is enough".
 * The web guards read ROUTE_ACCESS; API routes name the same keys in their route config.
 */
export const ACCESS = {
  public: 'public',
  authenticated: null,
  staff: STAFF_ROLES,
  crewLeader: ['Crew Leader'],
  planTemplates: [
    'Executive',
    'System Admin',
    'Executive Team',
    'Regional Director',
    'Regional Manager',
    'Branch Manager',
  ],
  customer: CUSTOMER_ROLES,
  customerMessages: ['Property Manager', 'Board Member'],
  /** /api/Messages: staff, and the customer side of spec §6's customer messages. */
  messages: [...STAFF_ROLES, 'Property Manager', 'Board Member'],
} as const satisfies Record<string, readonly Role[] | null | 'public'>;

export type AccessKey = keyof typeof ACCESS;

export function rolesFor(key: AccessKey): readonly Role[] | null | 'public' {
  return ACCESS[key];
}

/** Access is allowed if any one of the user's roles matches (spec §6). */
export function canAccess(roles: readonly string[], key: AccessKey): boolean {
  const allowed = ACCESS[key];
  if (allowed === 'public' || allowed === null) return true;
  return roles.some((role) => (allowed as readonly string[]).includes(role));
}

const CUSTOMERS_LIST_FALLBACK: readonly Role[] = [
  'Regional Director',
  'Regional Manager',
  'Executive',
  'Executive Team',
  'Branch Manager',
  'Account Manager',
  'Crew Leader',
];

/** Where a signed-in user goes when no role matches a route (spec §6). */
export function fallbackPath(roles: readonly string[]): string {
  if (roles.some(isCustomerRole)) return '/customerView/dashboard';
  if (roles.some((role) => (CUSTOMERS_LIST_FALLBACK as readonly string[]).includes(role))) return '/customers';
  return '/404';
}

export interface RouteAccess {
  /** React Router style pattern, `:param` for parameters. */
  path: string;
  access: AccessKey;
  /** i18n key of the page title (the last breadcrumb). */
  title: string;
}

const c = '/customers/:customerId';
const v = '/customerView/:customerId';

/** Every route of spec §2 with who may open it. */
export const ROUTE_ACCESS: readonly RouteAccess[] = [
  { path: '/login', access: 'public', title: 'routes.login' },
  { path: '/forgotPassword', access: 'public', title: 'routes.forgotPassword' },
  { path: '/resetPassword', access: 'public', title: 'routes.resetPassword' },
  { path: '/resident-user-validation', access: 'public', title: 'routes.residentRegistration' },
  { path: '/404', access: 'public', title: 'routes.notFound' },
  { path: '/error/:code', access: 'public', title: 'routes.error' },

  { path: '/dashboard', access: 'staff', title: 'routes.dashboard' },
  { path: '/performanceReport', access: 'staff', title: 'routes.performanceReport' },
  { path: '/customers', access: 'staff', title: 'routes.customers' },
  { path: '/yn-team-directory', access: 'staff', title: 'routes.teamDirectory' },
  { path: '/file-library', access: 'staff', title: 'routes.fileLibrary' },
  { path: '/file-library/:folderId', access: 'staff', title: 'routes.folder' },
  { path: '/service-requests', access: 'staff', title: 'routes.serviceRequests' },
  { path: '/service-requests/:requestId/update', access: 'staff', title: 'routes.serviceRequest' },
  { path: '/message-center', access: 'staff', title: 'routes.messageCenter' },
  { path: '/message-center/messages/new', access: 'staff', title: 'routes.newMessage' },
  { path: '/message-center/messages/:messageId/view', access: 'staff', title: 'routes.message' },
  { path: '/content', access: 'staff', title: 'routes.content' },
  { path: '/settings', access: 'staff', title: 'routes.settings' },
  { path: '/orange-reports/pending', access: 'staff', title: 'routes.pendingOrangeReports' },
  { path: '/create-orange-report', access: 'crewLeader', title: 'routes.createOrangeReport' },
  { path: '/planTemplates', access: 'planTemplates', title: 'routes.planTemplates' },
  { path: '/planTemplates/new', access: 'planTemplates', title: 'routes.newPlanTemplate' },
  { path: '/planTemplates/:templateId/edit', access: 'planTemplates', title: 'routes.editPlanTemplate' },

  { path: c, access: 'staff', title: 'routes.customer' },
  { path: '/customers/redirectToCustomer/:customerId', access: 'authenticated', title: 'routes.customer' },
  { path: `${c}/settings`, access: 'staff', title: 'routes.customerSettings' },
  { path: `${c}/update-map`, access: 'staff', title: 'routes.propertyMap' },
  { path: `${c}/orange-reports`, access: 'staff', title: 'routes.orangeReports' },
  { path: `${c}/orange-reports/new`, access: 'staff', title: 'routes.newOrangeReport' },
  { path: `${c}/orange-reports/:reportId/edit`, access: 'staff', title: 'routes.editOrangeReport' },
  { path: `${c}/orange-reports/:reportId/view`, access: 'staff', title: 'routes.orangeReport' },
  { path: `${c}/orange-reports/pending`, access: 'staff', title: 'routes.pendingOrangeReports' },
  { path: `${c}/manage-portal-access`, access: 'staff', title: 'routes.portalAccess' },
  { path: `${c}/manage-portal-access/newUser`, access: 'staff', title: 'routes.newPortalUser' },
  { path: `${c}/manage-portal-access/:userId/editUser`, access: 'staff', title: 'routes.editPortalUser' },
  { path: `${c}/manage-portal-access/addYnMember`, access: 'staff', title: 'routes.addTeamMember' },
  { path: `${c}/plans`, access: 'staff', title: 'routes.plans' },
  { path: `${c}/plans/new`, access: 'staff', title: 'routes.newPlan' },
  { path: `${c}/plans/:planId/view`, access: 'staff', title: 'routes.plan' },
  { path: `${c}/plans/:planId/edit`, access: 'staff', title: 'routes.editPlan' },
  { path: `${c}/planTemplates`, access: 'staff', title: 'routes.planTemplates' },
  { path: `${c}/planTemplates/new`, access: 'staff', title: 'routes.newPlanTemplate' },
  { path: `${c}/planTemplates/:planTemplateId/view`, access: 'staff', title: 'routes.planTemplate' },
  { path: `${c}/planTemplates/:templateId/edit`, access: 'staff', title: 'routes.editPlanTemplate' },
  { path: `${c}/invoices`, access: 'staff', title: 'routes.invoices' },
  { path: `${c}/invoices/new`, access: 'staff', title: 'routes.newInvoice' },
  { path: `${c}/proposals`, access: 'staff', title: 'routes.proposals' },
  { path: `${c}/proposals/new`, access: 'staff', title: 'routes.newProposal' },
  { path: `${c}/documents`, access: 'staff', title: 'routes.documents' },
  { path: `${c}/documents/new`, access: 'staff', title: 'routes.newDocument' },
  { path: `${c}/messages`, access: 'staff', title: 'routes.messages' },
  { path: `${c}/messages/new`, access: 'staff', title: 'routes.newMessage' },
  { path: `${c}/messages/:messageId/view`, access: 'staff', title: 'routes.message' },
  { path: `${c}/requests`, access: 'staff', title: 'routes.requests' },
  { path: `${c}/requests/new`, access: 'staff', title: 'routes.newRequest' },
  { path: `${c}/requests/:requestId/update`, access: 'staff', title: 'routes.request' },

  { path: '/customerView/dashboard', access: 'customer', title: 'routes.customerDashboard' },
  { path: v, access: 'customer', title: 'routes.property' },
  { path: `${v}/settings`, access: 'customer', title: 'routes.customerSettings' },
  { path: `${v}/manage-portal-access`, access: 'customer', title: 'routes.portalAccess' },
  { path: `${v}/manage-portal-access/newUser`, access: 'customer', title: 'routes.newPortalUser' },
  { path: `${v}/manage-portal-access/:userId/editUser`, access: 'customer', title: 'routes.editPortalUser' },
  { path: `${v}/plans`, access: 'customer', title: 'routes.plans' },
  { path: `${v}/plans/:planId/view`, access: 'customer', title: 'routes.plan' },
  { path: `${v}/orange-reports`, access: 'customer', title: 'routes.orangeReports' },
  { path: `${v}/orange-reports/:reportId/view`, access: 'customer', title: 'routes.orangeReport' },
  { path: `${v}/invoices`, access: 'customer', title: 'routes.invoices' },
  { path: `${v}/documents`, access: 'customer', title: 'routes.documents' },
  { path: `${v}/documents/new`, access: 'customer', title: 'routes.newDocument' },
  { path: `${v}/proposals`, access: 'customer', title: 'routes.proposals' },
  { path: `${v}/messages`, access: 'customerMessages', title: 'routes.messages' },
  { path: `${v}/messages/new`, access: 'customerMessages', title: 'routes.newMessage' },
  { path: `${v}/messages/:messageId/view`, access: 'customerMessages', title: 'routes.message' },
  { path: `${v}/sendKudos`, access: 'customer', title: 'routes.sendKudos' },
  { path: `${v}/requests`, access: 'customer', title: 'routes.requests' },
  { path: `${v}/requests/new`, access: 'customer', title: 'routes.newRequest' },
  { path: `${v}/requests/:requestId/update`, access: 'customer', title: 'routes.request' },
];

/** Finds the table entry of a concrete path (static segments win over parameters). */
export function matchRouteAccess(pathname: string): RouteAccess | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  let best: { entry: RouteAccess; score: number } | undefined;
  for (const entry of ROUTE_ACCESS) {
    const pattern = entry.path.split('/');
    if (pattern.length !== parts.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i]!;
      if (seg.startsWith(':')) continue;
      if (seg !== parts[i]) {
        ok = false;
        break;
      }
      score++;
    }
    if (ok && (!best || score > best.score)) best = { entry, score };
  }
  return best?.entry;
}
