/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the orange-report routes. Spread into
 * its ROUTES table. Mutating cases build a fresh record per request so each role's call really runs.
 */
import { STAFF_ROLES, type Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { orangeReportServices } from './tables.js';

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

export const orangeReportRouteCases: Record<string, Case> = {
  // the service catalogue (read: staff; write: System Admin)
  'GET /api/OrangeReportServices': {},
  'GET /api/OrangeReportServices/:id': { params: freshService },
  'POST /api/OrangeReportServices': { body: () => ({ names: { en: unique() }, category: 'other', unit: 'each' }), forbiddenRoles: notSystemAdmin },
  'PUT /api/OrangeReportServices/:id': { params: freshService, body: { unitPriceCents: 100 }, forbiddenRoles: notSystemAdmin },
  'DELETE /api/OrangeReportServices/:id': { params: freshService, forbiddenRoles: notSystemAdmin },
};
