/**
 * Test support of plans (modules/domain-module.ts `testing`): access-matrix entries and the records
 * owning files. Writes of global templates are refused (403) to staff outside the planTemplates
 * roles of spec §6; everything about one customer's templates and plans is scoped. Mutating cases
 * build a fresh record per request.
 */
import { eq } from 'drizzle-orm';
import type { AccessCase, AccessCustomer, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import type { TestContext } from '../../test/test-app.js';
import { CUSTOMER_SIDE, PLAN_TEMPLATE_ROLES, SIGNED_IN, STAFF, type AudienceTable } from '../../test/audience.js';
import { OCCURRENCE_PHOTO_OWNER } from './plan-service.js';
import { planItems, planOccurrences, planTemplates, planVersions, plans } from './tables.js';

const templateBody = {
  name: 'Matrix template',
  season: 'summer',
  items: [{ service: 'Mowing', frequency: { kind: 'weekly', weekday: 'wed' } }],
};

/** A fresh template: global (customer null) or the given customer's. */
function freshTemplate(global: boolean) {
  return async (f: AccessFixture, customer: AccessCustomer) => {
    const [row] = await f.ctx.database.db
      .insert(planTemplates)
      .values({ customerId: global ? null : customer.id, name: 'Matrix template', season: 'summer', items: [] })
      .returning();
    return { id: row!.id };
  };
}

async function insertPlan(ctx: TestContext, customerId: string, status: 'draft' | 'published') {
  const { db } = ctx.database;
  const [plan] = await db
    .insert(plans)
    .values({ customerId, name: 'Matrix plan', startDate: '2030-03-01', endDate: '2030-05-29', status, version: status === 'draft' ? 0 : 1, publishedAt: status === 'draft' ? null : new Date() })
    .returning();
  const [item] = await db.insert(planItems).values({ planId: plan!.id, position: 0, service: 'Mowing', frequency: { kind: 'dates', dates: ['2030-03-05'] } }).returning();
  const [occurrence] = await db.insert(planOccurrences).values({ planId: plan!.id, itemId: item!.id, originalDate: '2030-03-05', date: '2030-03-05' }).returning();
  if (status === 'published') {
    await db.insert(planVersions).values({ planId: plan!.id, version: 1, snapshot: { name: 'Matrix plan', startDate: '2030-03-01', endDate: '2030-05-29', notes: '', items: [] } });
  }
  return { id: plan!.id, occurrenceId: occurrence!.id };
}

/** A fresh plan of the customer with one item and one visit: a draft, or published (version 1). */
function freshPlan(status: 'draft' | 'published') {
  return (f: AccessFixture, customer: AccessCustomer) => insertPlan(f.ctx, customer.id, status);
}

/** A published plan revised once (versions 1 and 2), to compare. */
async function revisedPlan(f: AccessFixture, customer: AccessCustomer) {
  const plan = await insertPlan(f.ctx, customer.id, 'published');
  const { db } = f.ctx.database;
  await db.insert(planVersions).values({ planId: plan.id, version: 2, snapshot: { name: 'Matrix plan', startDate: '2030-03-01', endDate: '2030-05-29', notes: 'Revised', items: [] } });
  await db.update(plans).set({ version: 2 }).where(eq(plans.id, plan.id));
  return plan;
}

const accessCases: Record<string, AccessCase> = {
  'GET /api/quarterlyPlanTemplates': { query: (_f, customer) => `customerId=${customer.id}` },
  'GET /api/quarterlyPlanTemplates/:id': { params: freshTemplate(false) },
  'POST /api/quarterlyPlanTemplates': { body: templateBody },
  'PUT /api/quarterlyPlanTemplates/:id': { params: freshTemplate(true), body: templateBody },
  'DELETE /api/quarterlyPlanTemplates/:id': { params: freshTemplate(false) },
  'POST /api/quarterlyPlanTemplates/:id/copy': { params: freshTemplate(true), body: (_f, customer) => ({ customerId: customer.id }) },

  'GET /api/quarterlyPlans': { listProbe: (f, customer) => insertPlan(f.ctx, customer.id, 'published') },
  'GET /api/quarterlyPlans/this-week': { query: (_f, customer) => `customerId=${customer.id}` },
  'GET /api/quarterlyPlans/:id': { params: freshPlan('published') },
  'GET /api/quarterlyPlans/:id/pdf': { params: freshPlan('published') },
  'GET /api/quarterlyPlans/:id/occurrences': { params: freshPlan('published') },
  'GET /api/quarterlyPlans/:id/compare': { params: revisedPlan, query: 'from=1&to=2' },
  'POST /api/quarterlyPlans': { body: (_f, customer) => ({ customerId: customer.id, startDate: '2030-03-01' }) },
  'PUT /api/quarterlyPlans/:id': { params: freshPlan('draft'), body: { name: 'Matrix plan', startDate: '2030-03-01', items: [] } },
  'DELETE /api/quarterlyPlans/:id': { params: freshPlan('draft') },
  'POST /api/quarterlyPlans/:id/publish': { params: freshPlan('draft'), body: {} },
  'POST /api/quarterlyPlans/:id/acknowledge': { params: freshPlan('published') },
  'POST /api/quarterlyPlans/:id/comments': { params: freshPlan('published'), body: { text: 'Matrix comment' } },
  'POST /api/quarterlyPlans/:id/occurrences/:occurrenceId': { params: freshPlan('published'), body: { status: 'done' } },
};

/** Photos of visits: customer users see them once the plan is published, never on a draft. */
const fileOwners: FileOwnerCase[] = [
  {
    label: 'visit of a published plan',
    customerUsersSee: true,
    create: async (ctx, customer) => ({ ownerType: OCCURRENCE_PHOTO_OWNER, ownerId: (await insertPlan(ctx, customer.id, 'published')).occurrenceId }),
  },
  {
    label: 'visit of a draft plan',
    customerUsersSee: false,
    create: async (ctx, customer) => ({ ownerType: OCCURRENCE_PHOTO_OWNER, ownerId: (await insertPlan(ctx, customer.id, 'draft')).occurrenceId }),
  },
];

/** Expected audience (test/audience.ts): spec §6 (global templates: the plan-template roles) and issue 13. */
const audience: AudienceTable = {
  // Global templates and, with customerId, that customer's own.
  'GET /api/quarterlyPlanTemplates': { who: STAFF, scope: 'record' },
  'GET /api/quarterlyPlanTemplates/:id': { who: STAFF, scope: 'record' },
  'POST /api/quarterlyPlanTemplates': { who: PLAN_TEMPLATE_ROLES },
  'PUT /api/quarterlyPlanTemplates/:id': { who: PLAN_TEMPLATE_ROLES },
  'DELETE /api/quarterlyPlanTemplates/:id': { who: STAFF, scope: 'record' },
  'POST /api/quarterlyPlanTemplates/:id/copy': { who: STAFF, scope: 'record' },
  'GET /api/quarterlyPlans': { who: SIGNED_IN, scope: 'list' },
  'GET /api/quarterlyPlans/this-week': { who: SIGNED_IN, scope: 'record' },
  'GET /api/quarterlyPlans/:id': { who: SIGNED_IN, scope: 'record' },
  'GET /api/quarterlyPlans/:id/pdf': { who: SIGNED_IN, scope: 'record' },
  'GET /api/quarterlyPlans/:id/occurrences': { who: SIGNED_IN, scope: 'record' },
  'GET /api/quarterlyPlans/:id/compare': { who: SIGNED_IN, scope: 'record' },
  'POST /api/quarterlyPlans': { who: STAFF, scope: 'record' },
  'PUT /api/quarterlyPlans/:id': { who: STAFF, scope: 'record' },
  'DELETE /api/quarterlyPlans/:id': { who: STAFF, scope: 'record' },
  'POST /api/quarterlyPlans/:id/publish': { who: STAFF, scope: 'record' },
  'POST /api/quarterlyPlans/:id/acknowledge': { who: CUSTOMER_SIDE, scope: 'record' },
  'POST /api/quarterlyPlans/:id/comments': { who: SIGNED_IN, scope: 'record' },
  'POST /api/quarterlyPlans/:id/occurrences/:occurrenceId': { who: STAFF, scope: 'record' },
};

export const plansTesting: ModuleTesting = { accessCases, audience, fileOwners };
