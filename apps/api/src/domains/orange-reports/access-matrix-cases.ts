/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the orange-report routes. Spread into
 * its ROUTES table. Mutating cases build a fresh record per request so each role's call really runs.
 */
import { STAFF_ROLES, isStaffRole, type OrangeReportStatus, type Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
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
  scoped?: boolean;
  forbiddenRoles?: readonly Role[];
}

const notSystemAdmin = STAFF_ROLES.filter((role) => role !== 'System Admin');
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

/** Reviewers in the matrix world: the account manager there is on the team, not the customer's own. */
const notReviewers: Role[] = ['Account Manager', 'Crew Leader', 'Business Development'];
const customerQuery = (_f: Fixture, customer: CustomerRow) => `customerId=${customer.id}`;

export const orangeReportRouteCases: Record<string, Case> = {
  // the service catalogue (read: staff; write: System Admin)
  'GET /api/OrangeReportServices': {},
  'GET /api/OrangeReportServices/:id': { params: freshService },
  'POST /api/OrangeReportServices': { body: () => ({ names: { en: unique() }, category: 'other', unit: 'each' }), forbiddenRoles: notSystemAdmin },
  'PUT /api/OrangeReportServices/:id': { params: freshService, body: { unitPriceCents: 100 }, forbiddenRoles: notSystemAdmin },
  'DELETE /api/OrangeReportServices/:id': { params: freshService, forbiddenRoles: notSystemAdmin },

  // reports (issue 10)
  'GET /api/OrangeReports': {},
  'GET /api/OrangeReports/export.csv': {},
  'GET /api/OrangeReports/pending': { scoped: true, query: customerQuery },
  'GET /api/OrangeReports/map': { scoped: true, query: customerQuery },
  'POST /api/OrangeReports/bulk-approve': { body: () => ({ ids: [crypto.randomUUID()] }) },
  'GET /api/OrangeReports/:id': { scoped: true, params: freshReport('approved') },
  'POST /api/OrangeReports': { scoped: true, body: (_f, customer) => ({ customerId: customer.id }) },
  'PUT /api/OrangeReports/:id': { scoped: true, params: freshReport('submitted'), body: { title: 'Matrix edit' }, forbiddenRoles: ['Account Manager', 'Business Development'] },
  'DELETE /api/OrangeReports/:id': { scoped: true, params: freshReport('draft', true) },
  'POST /api/OrangeReports/:id/comment': { scoped: true, params: freshReport('approved'), body: { text: 'Matrix comment' } },
  'POST /api/OrangeReports/:id/submit': { scoped: true, params: freshReport('draft', true) },
  'POST /api/OrangeReports/:id/approve': { scoped: true, params: freshReport('submitted'), forbiddenRoles: notReviewers },
  'POST /api/OrangeReports/:id/return': { scoped: true, params: freshReport('submitted'), body: { comment: 'Matrix return' }, forbiddenRoles: notReviewers },
  'POST /api/OrangeReports/:id/acknowledge': { scoped: true, params: freshReport('approved') },
  'POST /api/OrangeReports/:id/requestProposal': { scoped: true, params: freshReport('approved') },
  'POST /api/OrangeReports/:id/decline': { scoped: true, params: freshReport('approved'), body: { reason: 'Matrix decline' } },
  'POST /api/OrangeReports/:id/resolve': { scoped: true, params: freshReport('approved') },
};
