/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the orange-report routes. Spread into
 * its ROUTES table. Mutating cases build a fresh record per request so each role's call really runs.
 */
import { isStaffRole, type OrangeReportStatus, type Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import { CUSTOMER_EDITORS, CUSTOMER_SIDE, SIGNED_IN, STAFF, SYSTEM_ADMIN, except, type AudienceTable } from '../../test/audience.js';
import type { TestContext } from '../../test/test-app.js';
import { orangeReportServices } from './tables.js';
import { createOrangeReport } from './test-factories.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: CustomerRow, role: Role | null) => T | Promise<T>);
interface Case {
  params?: Builder<Record<string, string>>;
  query?: Builder<string>;
  body?: Builder<object>;
  listProbe?: (f: Fixture, customer: CustomerRow) => Promise<unknown>;
}

const unique = () => `Matrix service ${crypto.randomUUID().slice(0, 12)}`;

async function freshService(f: Fixture) {
  const name = unique();
  const [row] = await f.ctx.database.db
    .insert(orangeReportServices)
    .values({ names: { en: name, zh: null, es: null, ja: null, de: null, fr: null }, nameEn: name, category: 'other', unit: 'each' })
    .returning();
  return { id: row!.id };
}

/** A fresh report of `customer`; a staff caller is its author (drafts are the author's alone). */
function freshReport(status: OrangeReportStatus, authoredByCaller = false) {
  return async (f: Fixture, customer: CustomerRow, role: Role | null) => {
    const authorId = authoredByCaller && role && isStaffRole(role) ? f.users[role].id : f.users['Crew Leader'].id;
    const row = await createOrangeReport(f.ctx, { customerId: customer.id, authorId, status });
    return { id: row.id };
  };
}

/** An approved report (customers see published ones) of `customer`. */
const approvedReport = (f: Fixture, customer: CustomerRow) => createOrangeReport(f.ctx, { customerId: customer.id, authorId: f.users['Crew Leader'].id, status: 'approved' });
const customerQuery = (_f: Fixture, customer: CustomerRow) => `customerId=${customer.id}`;

export const orangeReportRouteCases: Record<string, Case> = {
  // the service catalogue (read: staff; write: System Admin)
  'GET /api/OrangeReportServices': {},
  'GET /api/OrangeReportServices/:id': { params: freshService },
  'POST /api/OrangeReportServices': { body: () => ({ names: { en: unique() }, category: 'other', unit: 'each' }) },
  'PUT /api/OrangeReportServices/:id': { params: freshService, body: { unitPriceCents: 100 } },
  'DELETE /api/OrangeReportServices/:id': { params: freshService },

  // reports (issue 10)
  'GET /api/OrangeReports': { listProbe: approvedReport },
  'GET /api/OrangeReports/export.csv': { listProbe: approvedReport },
  'GET /api/OrangeReports/pending': { query: customerQuery },
  'GET /api/OrangeReports/map': { query: customerQuery },
  'POST /api/OrangeReports/bulk-approve': { body: () => ({ ids: [crypto.randomUUID()] }) },
  'GET /api/OrangeReports/:id': { params: freshReport('approved') },
  'GET /api/OrangeReports/:id/pdf': { params: freshReport('approved') },
  'POST /api/OrangeReports': { body: (_f, customer) => ({ customerId: customer.id }) },
  'PUT /api/OrangeReports/:id': { params: freshReport('submitted'), body: { title: 'Matrix edit' } },
  'DELETE /api/OrangeReports/:id': { params: freshReport('draft', true) },
  'POST /api/OrangeReports/:id/comment': { params: freshReport('approved'), body: { text: 'Matrix comment' } },
  'POST /api/OrangeReports/:id/submit': { params: freshReport('draft', true) },
  'POST /api/OrangeReports/:id/approve': { params: freshReport('submitted') },
  'POST /api/OrangeReports/:id/return': { params: freshReport('submitted'), body: { comment: 'Matrix return' } },
  'POST /api/OrangeReports/:id/acknowledge': { params: freshReport('approved') },
  'POST /api/OrangeReports/:id/requestProposal': { params: freshReport('approved') },
  'POST /api/OrangeReports/:id/decline': { params: freshReport('approved'), body: { reason: 'Matrix decline' } },
  'POST /api/OrangeReports/:id/resolve': { params: freshReport('approved') },
};

/**
 * Expected audience (test/audience.ts), issue 10: the catalogue is staff's (changed by the System
 * Admin); reports are written by staff, reviewed by the customer editors (in the matrix world the
 * Account Manager is on the team, not the customer's own) and answered by customer users.
 */
export const orangeReportAudience: AudienceTable = {
  'GET /api/OrangeReportServices': { who: STAFF },
  'GET /api/OrangeReportServices/:id': { who: STAFF },
  'POST /api/OrangeReportServices': { who: SYSTEM_ADMIN },
  'PUT /api/OrangeReportServices/:id': { who: SYSTEM_ADMIN },
  'DELETE /api/OrangeReportServices/:id': { who: SYSTEM_ADMIN },
  'GET /api/OrangeReports': { who: SIGNED_IN, scope: 'list' },
  'GET /api/OrangeReports/export.csv': { who: STAFF, scope: 'list' },
  'GET /api/OrangeReports/pending': { who: STAFF, scope: 'record' },
  'GET /api/OrangeReports/map': { who: SIGNED_IN, scope: 'record' },
  'POST /api/OrangeReports/bulk-approve': { who: STAFF },
  'GET /api/OrangeReports/:id': { who: SIGNED_IN, scope: 'record' },
  'GET /api/OrangeReports/:id/pdf': { who: SIGNED_IN, scope: 'record' },
  'POST /api/OrangeReports': { who: STAFF, scope: 'record' },
  'PUT /api/OrangeReports/:id': { who: except(STAFF, 'Account Manager', 'Business Development'), scope: 'record' },
  'DELETE /api/OrangeReports/:id': { who: STAFF, scope: 'record' },
  'POST /api/OrangeReports/:id/comment': { who: SIGNED_IN, scope: 'record' },
  'POST /api/OrangeReports/:id/submit': { who: STAFF, scope: 'record' },
  'POST /api/OrangeReports/:id/approve': { who: CUSTOMER_EDITORS, scope: 'record' },
  'POST /api/OrangeReports/:id/return': { who: CUSTOMER_EDITORS, scope: 'record' },
  'POST /api/OrangeReports/:id/acknowledge': { who: CUSTOMER_SIDE, scope: 'record' },
  'POST /api/OrangeReports/:id/requestProposal': { who: CUSTOMER_SIDE, scope: 'record' },
  'POST /api/OrangeReports/:id/decline': { who: CUSTOMER_SIDE, scope: 'record' },
  'POST /api/OrangeReports/:id/resolve': { who: STAFF, scope: 'record' },
};
