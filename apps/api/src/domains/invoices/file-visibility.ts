import { eq } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { isCustomerInScope } from '../scope/index.js';
import { canSeeInvoices, shownToCustomer, viewerAt } from './policy.js';
import { INVOICE_OWNER } from './queries.js';
import { invoices } from './tables.js';

/** An uploaded invoice PDF follows its invoice: staff in scope; customer users who see invoices, once it is issued. */
export const invoiceFiles: FileOwnership = {
  ownerTypes: [INVOICE_OWNER],
  async canSeeFiles(db, user, file) {
    const [invoice] = await db.select({ customerId: invoices.customerId, status: invoices.status, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.id, file.ownerId));
    if (!invoice || !(await isCustomerInScope(db, user, invoice.customerId))) return false;
    if (hasStaffRole(user.roles)) return true;
    return shownToCustomer(invoice) && canSeeInvoices(await viewerAt(db, user, invoice.customerId));
  },
};
