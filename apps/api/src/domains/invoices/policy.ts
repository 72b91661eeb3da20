import { and, eq } from 'drizzle-orm';
import { INVOICE_ACTIONS, INVOICE_VIEWER_ROLES, hasStaffRole, type InvoiceAction, type InvoiceStatus } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { conflict, forbidden } from '../../http/errors.js';

/*
 * Who may do what to an invoice the caller can already see (scope and visibility are checked when
 * loading it: out of scope, a draft or never-issued void for a customer user, or a customer user
 * without a viewer role at this customer → 404). Staff in scope do everything below; customer users
 * only read. Never allowed → 403; allowed but not in this status → 409 with the reason.
 *
 *   draft ──issue──▶ issued ──payment──▶ partly_paid ──payment──▶ paid
 *     │  ╲                 ╲──payment (whole balance)──────────────▲
 *   delete  void ◀── (draft, or issued without payments)
 */

export interface Viewer {
  id: string;
  staff: boolean;
  /** The caller's roles at the invoice's customer (decision 007). */
  customerRoles: readonly string[];
}

export interface InvoiceFacts {
  status: InvoiceStatus;
  paidCents: number;
}

type Caller = Pick<AuthUser, 'id' | 'roles'>;

export async function viewerAt(db: Pick<Db, 'select'>, user: Caller, customerId: string): Promise<Viewer> {
  if (hasStaffRole(user.roles)) return { id: user.id, staff: true, customerRoles: [] };
  const [link] = await db
    .select({ roles: customerUsers.roles })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, user.id), eq(customerUsers.status, 'active')));
  return { id: user.id, staff: false, customerRoles: link?.roles ?? [] };
}

export function canSeeInvoices(viewer: Viewer): boolean {
  return viewer.staff || viewer.customerRoles.some((role) => (INVOICE_VIEWER_ROLES as readonly string[]).includes(role));
}

/** Customer users see issued invoices (also once paid) and voided ones they had been issued; never drafts. */
export function shownToCustomer(invoice: { status: string; issuedAt: Date | null }): boolean {
  if (invoice.status === 'draft') return false;
  if (invoice.status === 'void') return invoice.issuedAt !== null;
  return true;
}

const WORDS: Record<InvoiceStatus, string> = { draft: 'a draft', issued: 'issued', partly_paid: 'partly paid', paid: 'paid', void: 'void' };

function stateProblem(facts: InvoiceFacts, action: InvoiceAction): string | null {
  const is = (...statuses: InvoiceStatus[]) => statuses.includes(facts.status);
  const word = WORDS[facts.status];
  switch (action) {
    case 'edit':
    case 'issue':
    case 'delete':
      return is('draft') ? null : `Only a draft can be changed this way; this invoice is ${word}.`;
    case 'void':
      if (is('partly_paid', 'paid') || (is('issued') && facts.paidCents > 0)) return `This invoice has payments recorded; it cannot be voided.`;
      return is('draft', 'issued') ? null : `This invoice is ${word}; it cannot be voided.`;
    case 'pay':
      return is('issued', 'partly_paid') ? null : `This invoice is ${word}; payments are recorded on issued invoices only.`;
  }
}

export function assertMay(viewer: Viewer, facts: InvoiceFacts, action: InvoiceAction): void {
  if (!viewer.staff) throw forbidden('You cannot do this to this invoice');
  const problem = stateProblem(facts, action);
  if (problem) throw conflict(problem);
}

export function allowedActions(viewer: Viewer, facts: InvoiceFacts): InvoiceAction[] {
  if (!viewer.staff) return [];
  return INVOICE_ACTIONS.filter((action) => stateProblem(facts, action) === null);
}

/** Today's date (UTC) as `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
