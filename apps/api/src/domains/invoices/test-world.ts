import type { InvoiceDetail, InvoiceWrite } from '@grove/shared';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type CustomerRow, type SignedIn, type TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { priceLines } from './service.js';
import { invoices } from './tables.js';

/**
 * The people around one HOA for invoice tests: its account manager, a property manager, a board
 * member, a resident, a landscape committee member, a branch manager of another branch (out of
 * scope) and a property manager of another customer.
 */
export interface InvoiceWorld {
  customer: CustomerRow;
  otherCustomer: CustomerRow;
  users: Record<PersonKey, TestUser>;
  as: Record<PersonKey, SignedIn>;
}

type PersonKey = 'manager' | 'outsider' | 'crewLeader' | 'propertyManager' | 'board' | 'resident' | 'committee' | 'strangerManager';

export async function createInvoiceWorld(ctx: TestContext): Promise<InvoiceWorld> {
  const branch = await createBranch(ctx);
  const otherBranch = await createBranch(ctx);
  const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', branchId: branch.id, regionId: branch.regionId });
  const crewLeader = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', branchId: branch.id, regionId: branch.regionId });
  const outsider = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
  const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id, name: 'Willow Creek HOA' });
  const otherCustomer = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId, name: 'Other HOA' });
  await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
  await addTeamMember(ctx, customer.id, crewLeader.id, 'Crew Leader');
  const person = async (role: 'Property Manager' | 'Board Member' | 'Resident' | 'Landscape Committee', firstName: string, customerId = customer.id) => {
    const user = await createUser(ctx, { roles: [role], firstName, lastName: 'Tester' });
    await linkCustomerUser(ctx, customerId, user.id, 'active', [role]);
    return user;
  };
  const users = {
    manager,
    outsider,
    crewLeader,
    propertyManager: await person('Property Manager', 'Paula'),
    board: await person('Board Member', 'Bea'),
    resident: await person('Resident', 'Rita'),
    committee: await person('Landscape Committee', 'Cleo'),
    strangerManager: await person('Property Manager', 'Stan', otherCustomer.id),
  };
  const as = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([key, user]) => [key, await signIn(ctx, user)] as const))) as InvoiceWorld['as'];
  return { customer, otherCustomer, users, as };
}

export function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An itemized invoice body: one $1,200 line (no tax), issued today, due in 30 days, unless given. */
export function invoiceBody(customerId: string, values: Partial<InvoiceWrite> = {}): InvoiceWrite & { customerId: string } {
  return {
    customerId,
    kind: 'itemized',
    issueDate: dateIn(0),
    dueDate: dateIn(30),
    lineItems: [{ description: 'Monthly grounds maintenance', quantity: 1, unit: 'month', unitPriceCents: 120000, taxRateBps: 0 }],
    ...values,
  };
}

/** Creates (as the manager) and optionally issues an invoice; returns its detail. */
export async function makeInvoice(ctx: TestContext, w: InvoiceWorld, options: { issue?: boolean; values?: Partial<InvoiceWrite> } = {}): Promise<InvoiceDetail> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/Invoices', headers: w.as.manager, payload: invoiceBody(w.customer.id, options.values) });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const invoice = created.json<InvoiceDetail>();
  if (!options.issue) return invoice;
  const issued = await ctx.app.inject({ method: 'POST', url: `/api/Invoices/${invoice.id}/issue`, headers: w.as.manager });
  if (issued.statusCode !== 200) throw new Error(`issue failed: ${issued.statusCode} ${issued.body}`);
  return issued.json<InvoiceDetail>();
}

/** An invoice written straight to the database (access matrix, fast set-ups): one $1,200 line in `status`. */
export async function insertInvoice(ctx: Pick<TestContext, 'database'>, customerId: string, status: 'draft' | 'issued' = 'draft', values: Partial<typeof invoices.$inferInsert> = {}): Promise<{ id: string }> {
  const priced = priceLines({ kind: 'itemized', lineItems: [{ description: 'Maintenance', quantity: 1, unit: 'month', unitPriceCents: 120000, taxRateBps: 0 }], amountCents: null });
  const [row] = await ctx.database.db
    .insert(invoices)
    .values({
      number: `INV-1999-${Math.random().toString().slice(2, 12)}`,
      customerId,
      status,
      issueDate: dateIn(-10),
      dueDate: dateIn(20),
      ...priced,
      issuedAt: status === 'draft' ? null : new Date(),
      ...values,
    })
    .returning({ id: invoices.id });
  return { id: row!.id };
}
