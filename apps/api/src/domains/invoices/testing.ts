/**
 * Test support of invoices (modules/domain-module.ts `testing`): access-matrix entries and the
 * records owning files, with the expected audience (decision 026). Customer-side roles other than
 * Property Manager and Board Member are not shown invoices (404, as for a record they cannot see;
 * lists answer empty). Mutating cases build a fresh invoice per request.
 */
import type { AccessCase, AccessCustomer, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import { SIGNED_IN, STAFF, type AudienceTable } from '../../test/audience.js';
import { INVOICE_OWNER } from './queries.js';
import { dateIn, insertInvoice, invoiceBody } from './test-world.js';

const fresh = (status: 'draft' | 'issued') => (f: AccessFixture, customer: AccessCustomer) => insertInvoice(f.ctx, customer.id, status);

const write = () => {
  const { customerId: _ignored, ...body } = invoiceBody('00000000-0000-4000-8000-000000000000');
  return body;
};

const accessCases: Record<string, AccessCase> = {
  'GET /api/Invoices': { listProbe: fresh('issued') },
  'GET /api/Invoices/export.csv': { listProbe: fresh('issued') },
  'GET /api/Invoices/aging': { listProbe: fresh('issued') },
  'GET /api/Invoices/aging.csv': { listProbe: fresh('issued') },
  'POST /api/Invoices': { body: (_f, customer) => invoiceBody(customer.id) },
  'GET /api/Invoices/:id': { params: fresh('issued') },
  'GET /api/Invoices/:id/pdf': { params: fresh('issued') },
  'PUT /api/Invoices/:id': { params: fresh('draft'), body: write },
  'DELETE /api/Invoices/:id': { params: fresh('draft') },
  'POST /api/Invoices/:id/issue': { params: fresh('draft') },
  'POST /api/Invoices/:id/void': { params: fresh('issued'), body: { reason: 'Matrix void' } },
  'POST /api/Invoices/:id/payments': { params: fresh('issued'), body: { paidOn: dateIn(0), amountCents: 100, method: 'check', reference: 'M-1' } },
};

/** Who is shown invoices at all (decision 021): staff, and the customer's Property Managers and Board Members. */
const VIEWERS = [...STAFF, 'Property Manager', 'Board Member'] as const;

/** Expected audience (test/audience.ts), issue 12 and decision 021. Customer users invoices are not shared with get 404 or an empty list. */
const audience: AudienceTable = {
  'GET /api/Invoices': { who: SIGNED_IN, scope: 'list', listedFor: VIEWERS },
  'GET /api/Invoices/export.csv': { who: SIGNED_IN, scope: 'list', listedFor: VIEWERS },
  'GET /api/Invoices/aging': { who: SIGNED_IN, scope: 'list', listedFor: VIEWERS },
  'GET /api/Invoices/aging.csv': { who: SIGNED_IN, scope: 'list', listedFor: VIEWERS },
  'POST /api/Invoices': { who: STAFF, scope: 'record' },
  'GET /api/Invoices/:id': { who: VIEWERS, scope: 'record' },
  'GET /api/Invoices/:id/pdf': { who: VIEWERS, scope: 'record' },
  'PUT /api/Invoices/:id': { who: STAFF, scope: 'record' },
  'DELETE /api/Invoices/:id': { who: STAFF, scope: 'record' },
  'POST /api/Invoices/:id/issue': { who: STAFF, scope: 'record' },
  'POST /api/Invoices/:id/void': { who: STAFF, scope: 'record' },
  'POST /api/Invoices/:id/payments': { who: STAFF, scope: 'record' },
};

/**
 * Uploaded invoice PDFs on a draft: staff only. (Issued ones are seen by Property Managers and Board
 * Members but not residents — a rule this contract's one `customerUsersSee` flag cannot state; the
 * invoice tests check it: "stores the typed number and amount and serves the uploaded PDF once issued".)
 */
const fileOwners: FileOwnerCase[] = [
  {
    label: 'draft uploaded invoice',
    customerUsersSee: false,
    create: async (ctx, customer) => ({ ownerType: INVOICE_OWNER, ownerId: (await insertInvoice(ctx, customer.id, 'draft', { kind: 'uploaded' })).id, staffOnly: true }),
  },
];

export const invoicesTesting: ModuleTesting = { accessCases, audience, fileOwners };
