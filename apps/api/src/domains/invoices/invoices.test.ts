import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgingSummary, CompanySettings, ErrorResponse, InvoiceDetail, InvoicePage } from '@grove/shared';
import { files, notifications } from '../../db/schema.js';
import { createUser, signIn, type SignedIn } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { uploadTestFile } from '../../test/uploads.js';
import { invoices } from './tables.js';
import { createInvoiceWorld, dateIn, invoiceBody, makeInvoice, type InvoiceWorld } from './test-world.js';

describe(`invoices (${dbKind})`, () => {
  let ctx: TestContext;
  let w: InvoiceWorld;

  beforeAll(async () => {
    ctx = await createTestContext({ COMPANY_NAME: 'Evergreen Grounds LLC', COMPANY_ADDRESS: '9 Fern Road|Austin, TX 78701' });
    w = await createInvoiceWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (as: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url, headers: as });
  const post = (as: SignedIn, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: as, ...(payload ? { payload } : {}) });
  const pay = (as: SignedIn, id: string, amountCents: number, values: object = {}) =>
    post(as, `/api/Invoices/${id}/payments`, { paidOn: dateIn(0), amountCents, method: 'check', reference: 'Check 100', ...values });

  describe('totals in integer cents', () => {
    it('rounds each line half away from zero and sums on the server', async () => {
      const invoice = await makeInvoice(ctx, w, {
        values: {
          lineItems: [
            // 2.5 × $0.33 = 82.5¢ → 83¢; tax 8.25 % of 83¢ = 6.8475¢ → 7¢
            { description: 'Edging', quantity: 2.5, unit: 'ft', unitPriceCents: 33, taxRateBps: 825 },
            // 3 × $19.99 = $59.97; tax 7 % = 419.79¢ → 420¢
            { description: 'Shrubs', quantity: 3, unit: 'each', unitPriceCents: 1999, taxRateBps: 700 },
            // 0.125 × $1.00 = 12.5¢ → 13¢; no tax
            { description: 'Fertiliser', quantity: 0.125, unit: 'lb', unitPriceCents: 100, taxRateBps: 0 },
          ],
        },
      });
      expect(invoice.lineItems.map((l) => [l.subtotalCents, l.taxCents, l.totalCents])).toEqual([
        [83, 7, 90],
        [5997, 420, 6417],
        [13, 0, 13],
      ]);
      expect([invoice.subtotalCents, invoice.taxCents, invoice.totalCents, invoice.balanceCents]).toEqual([6093, 427, 6520, 6520]);
      expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
      expect(invoice.status).toBe('draft');
    });

    it('ignores totals sent by the client and keeps sums beyond 32 bits exact', async () => {
      const invoice = await makeInvoice(ctx, w, {
        values: { lineItems: [{ description: 'Campus', quantity: 100_000, unitPriceCents: 1_000_000_000, taxRateBps: 1000, totalCents: 1 } as never] },
      });
      expect([invoice.subtotalCents, invoice.taxCents, invoice.totalCents]).toEqual([100_000_000_000_000, 10_000_000_000_000, 110_000_000_000_000]);
      expect((await get(w.as.manager, `/api/Invoices/${invoice.id}`)).json<InvoiceDetail>().totalCents).toBe(110_000_000_000_000);
    });

    it('numbers invoices one after another within the issue year', async () => {
      const a = await makeInvoice(ctx, w);
      const b = await makeInvoice(ctx, w);
      const n = (number: string) => Number(number.split('-')[2]);
      expect(n(b.number)).toBe(n(a.number) + 1);
    });
  });

  describe('status transitions', () => {
    it('draft → issued → partly paid → paid, with the balance on the server', async () => {
      const draft = await makeInvoice(ctx, w);
      expect(draft.allowedActions).toEqual(['edit', 'issue', 'void', 'delete']);
      const issued = (await post(w.as.manager, `/api/Invoices/${draft.id}/issue`)).json<InvoiceDetail>();
      expect(issued.status).toBe('issued');
      expect(issued.issuedAt).not.toBeNull();
      expect(issued.allowedActions).toEqual(['void', 'pay']);

      const partly = await pay(w.as.manager, draft.id, 50_000);
      expect(partly.statusCode).toBe(200);
      const p = partly.json<InvoiceDetail>();
      expect([p.status, p.paidCents, p.balanceCents]).toEqual(['partly_paid', 50_000, 70_000]);
      expect(p.allowedActions).toEqual(['pay']);

      const tooMuch = await pay(w.as.manager, draft.id, 70_001);
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json<ErrorResponse>().errors).toHaveProperty('amountCents');

      const paid = (await pay(w.as.manager, draft.id, 70_000, { method: 'ach', reference: 'ACH 778' })).json<InvoiceDetail>();
      expect([paid.status, paid.paidCents, paid.balanceCents]).toEqual(['paid', 120_000, 0]);
      expect(paid.paidAt).not.toBeNull();
      expect(paid.payments.map((x) => [x.amountCents, x.method, x.reference, x.status, x.provider, x.recordedBy?.name])).toEqual([
        [50_000, 'check', 'Check 100', 'succeeded', null, 'Mia Manager'],
        [70_000, 'ach', 'ACH 778', 'succeeded', null, 'Mia Manager'],
      ]);
      expect(paid.allowedActions).toEqual([]);
    });

    it('refuses every illegal transition with 409', async () => {
      const draft = await makeInvoice(ctx, w);
      expect((await pay(w.as.manager, draft.id, 100)).statusCode).toBe(409);

      const issued = await makeInvoice(ctx, w, { issue: true });
      expect((await post(w.as.manager, `/api/Invoices/${issued.id}/issue`)).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/Invoices/${issued.id}`, headers: w.as.manager, payload: invoiceBody(w.customer.id) })).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Invoices/${issued.id}`, headers: w.as.manager })).statusCode).toBe(409);

      await pay(w.as.manager, issued.id, 100);
      const voidPartly = await post(w.as.manager, `/api/Invoices/${issued.id}/void`, { reason: 'Wrong customer' });
      expect(voidPartly.statusCode).toBe(409);
      expect(voidPartly.json<ErrorResponse>().message).toContain('payments');

      await pay(w.as.manager, issued.id, 119_900);
      expect((await pay(w.as.manager, issued.id, 1)).statusCode).toBe(409);
      expect((await post(w.as.manager, `/api/Invoices/${issued.id}/void`, { reason: 'Late' })).statusCode).toBe(409);

      const toVoid = await makeInvoice(ctx, w, { issue: true });
      const voided = (await post(w.as.manager, `/api/Invoices/${toVoid.id}/void`, { reason: 'Billed twice' })).json<InvoiceDetail>();
      expect([voided.status, voided.voidReason, voided.balanceCents, voided.allowedActions]).toEqual(['void', 'Billed twice', 0, []]);
      expect((await pay(w.as.manager, toVoid.id, 100)).statusCode).toBe(409);
      expect((await post(w.as.manager, `/api/Invoices/${toVoid.id}/issue`)).statusCode).toBe(409);
      expect((await post(w.as.manager, `/api/Invoices/${toVoid.id}/void`, { reason: 'Again' })).statusCode).toBe(409);
    });

    it('edits and deletes drafts; a draft can be voided', async () => {
      const draft = await makeInvoice(ctx, w);
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/Invoices/${draft.id}`,
        headers: w.as.manager,
        payload: { ...invoiceBody(w.customer.id, { notes: 'Net 15', dueDate: dateIn(15) }), customerId: undefined },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<InvoiceDetail>()).toMatchObject({ notes: 'Net 15', dueDate: dateIn(15), number: draft.number });
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Invoices/${draft.id}`, headers: w.as.manager })).statusCode).toBe(204);
      expect((await get(w.as.manager, `/api/Invoices/${draft.id}`)).statusCode).toBe(404);

      const other = await makeInvoice(ctx, w);
      expect((await post(w.as.manager, `/api/Invoices/${other.id}/void`, { reason: 'Not needed' })).json<InvoiceDetail>().status).toBe('void');
    });

    it('customer users and crew can read but never change invoices', async () => {
      const issued = await makeInvoice(ctx, w, { issue: true });
      expect((await pay(w.as.propertyManager, issued.id, 100)).statusCode).toBe(403);
      expect((await post(w.as.board, `/api/Invoices/${issued.id}/void`, { reason: 'x' })).statusCode).toBe(403);
      expect((await get(w.as.propertyManager, `/api/Invoices/${issued.id}`)).json<InvoiceDetail>().allowedActions).toEqual([]);
    });
  });

  describe('who sees what', () => {
    it('customer users see issued invoices of their own customer only, never drafts', async () => {
      const draft = await makeInvoice(ctx, w);
      const issued = await makeInvoice(ctx, w, { issue: true });
      const neverIssuedVoid = await makeInvoice(ctx, w);
      await post(w.as.manager, `/api/Invoices/${neverIssuedVoid.id}/void`, { reason: 'Mistake' });
      const issuedVoid = await makeInvoice(ctx, w, { issue: true });
      await post(w.as.manager, `/api/Invoices/${issuedVoid.id}/void`, { reason: 'Billed twice' });

      for (const who of [w.as.propertyManager, w.as.board]) {
        expect((await get(who, `/api/Invoices/${draft.id}`)).statusCode).toBe(404);
        expect((await get(who, `/api/Invoices/${draft.id}/pdf`)).statusCode).toBe(404);
        expect((await get(who, `/api/Invoices/${neverIssuedVoid.id}`)).statusCode).toBe(404);
        expect((await get(who, `/api/Invoices/${issued.id}`)).statusCode).toBe(200);
        expect((await get(who, `/api/Invoices/${issuedVoid.id}`)).json<InvoiceDetail>().status).toBe('void');
        const ids = (await get(who, `/api/Invoices?customerId=${w.customer.id}&pageSize=100`)).json<InvoicePage>().data.map((i) => i.id);
        expect(ids).toContain(issued.id);
        expect(ids).not.toContain(draft.id);
        expect(ids).not.toContain(neverIssuedVoid.id);
      }
      // Residents and the landscape committee are not shown the HOA's invoices; other customers' users never.
      for (const who of [w.as.resident, w.as.committee, w.as.strangerManager]) {
        expect((await get(who, `/api/Invoices/${issued.id}`)).statusCode).toBe(404);
        expect((await get(who, `/api/Invoices/${issued.id}/pdf`)).statusCode).toBe(404);
        expect((await get(who, '/api/Invoices?pageSize=100')).json<InvoicePage>().data.map((i) => i.id)).not.toContain(issued.id);
      }
      expect((await get(w.as.strangerManager, `/api/Invoices?customerId=${w.customer.id}`)).statusCode).toBe(404);
      // Staff out of scope: 404; the crew leader on the team sees drafts too.
      expect((await get(w.as.outsider, `/api/Invoices/${issued.id}`)).statusCode).toBe(404);
      expect((await get(w.as.crewLeader, `/api/Invoices/${draft.id}`)).statusCode).toBe(200);
    });

    it('issuing notifies the property manager and board member (not residents, not the actor)', async () => {
      const invoice = await makeInvoice(ctx, w, { issue: true, values: { dueDate: dateIn(30) } });
      const of = async (userId: string) =>
        (await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'invoice_issued')))).filter((n) =>
          n.link?.includes(invoice.id),
        );
      const [pm] = await of(w.users.propertyManager.id);
      expect(pm?.messageKey).toBe('invoice.issued');
      expect(pm?.params).toMatchObject({ number: invoice.number, customer: 'Willow Creek HOA', amount: { en: '$1,200.00' } });
      expect(pm?.link).toBe(`/customerView/${w.customer.id}/invoices?open=${invoice.id}`);
      expect(await of(w.users.board.id)).toHaveLength(1);
      expect(await of(w.users.resident.id)).toHaveLength(0);
      expect(await of(w.users.committee.id)).toHaveLength(0);
      expect(await of(w.users.manager.id)).toHaveLength(0);
    });
  });

  describe('bad input → 400 with field errors', () => {
    const create = (payload: object) => post(w.as.manager, '/api/Invoices', payload);
    it.each([
      ['no line items', { lineItems: [] }, 'lineItems'],
      ['due before issue', { issueDate: dateIn(0), dueDate: dateIn(-1) }, 'dueDate'],
      ['a malformed date', { dueDate: '2026-13-40' }, 'dueDate'],
      ['negative price', { lineItems: [{ description: 'x', quantity: 1, unitPriceCents: -1 }] }, 'lineItems.0.unitPriceCents'],
      ['fractional cents', { lineItems: [{ description: 'x', quantity: 1, unitPriceCents: 10.5 }] }, 'lineItems.0.unitPriceCents'],
      ['four decimals of quantity', { lineItems: [{ description: 'x', quantity: 1.0001, unitPriceCents: 100 }] }, 'lineItems.0.quantity'],
      ['tax over 100 %', { lineItems: [{ description: 'x', quantity: 1, unitPriceCents: 100, taxRateBps: 10_001 }] }, 'lineItems.0.taxRateBps'],
      ['an empty description', { lineItems: [{ description: ' ', quantity: 1, unitPriceCents: 100 }] }, 'lineItems.0.description'],
      ['an uploaded invoice without file, number and amount', { kind: 'uploaded', lineItems: [] }, 'fileId'],
    ])('%s', async (_label, values, field) => {
      const res = await create(invoiceBody(w.customer.id, values as never));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<ErrorResponse>().errors ?? {})).toContain(field);
    });

    it('payments: zero, unknown method, a day before the invoice', async () => {
      const issued = await makeInvoice(ctx, w, { issue: true });
      for (const [values, field] of [
        [{ amountCents: 0 }, 'amountCents'],
        [{ method: 'bitcoin' }, 'method'],
        [{ paidOn: dateIn(-400) }, 'paidOn'],
      ] as const) {
        const res = await pay(w.as.manager, issued.id, 'amountCents' in values ? values.amountCents : 100, values);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json<ErrorResponse>().errors ?? {})).toContain(field);
      }
      expect((await post(w.as.manager, `/api/Invoices/${issued.id}/void`, {})).json<ErrorResponse>().errors).toHaveProperty('reason');
    });

    it('an unknown customer is 404, a wrong status filter 400', async () => {
      expect((await create(invoiceBody('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
      expect((await get(w.as.manager, '/api/Invoices?status=paidish')).statusCode).toBe(400);
    });
  });

  describe('uploaded invoices from the accounting system', () => {
    it('stores the typed number and amount and serves the uploaded PDF once issued', async () => {
      const file = await uploadTestFile(ctx, w.as.manager, { name: 'QB-7781.pdf' }, w.customer.id);
      const created = await post(w.as.manager, '/api/Invoices', {
        customerId: w.customer.id,
        kind: 'uploaded',
        number: 'QB-7781',
        amountCents: 245_050,
        issueDate: dateIn(-5),
        dueDate: dateIn(25),
        fileId: file.id,
      });
      expect(created.statusCode).toBe(201);
      const invoice = created.json<InvoiceDetail>();
      expect([invoice.number, invoice.kind, invoice.totalCents, invoice.lineItems.length, invoice.file?.id]).toEqual(['QB-7781', 'uploaded', 245_050, 0, file.id]);
      // A draft's file is staff-only.
      expect((await get(w.as.propertyManager, `/api/Files/${file.id}/content`)).statusCode).toBe(404);
      await post(w.as.manager, `/api/Invoices/${invoice.id}/issue`);
      const pdf = await get(w.as.propertyManager, `/api/Invoices/${invoice.id}/pdf`);
      expect(pdf.statusCode).toBe(302);
      expect(pdf.headers.location).toBe(`/api/Files/${file.id}/content`);
      expect((await get(w.as.propertyManager, `/api/Files/${file.id}/content`)).statusCode).toBe(200);
      expect((await get(w.as.resident, `/api/Files/${file.id}/content`)).statusCode).toBe(404);

      const again = await uploadTestFile(ctx, w.as.manager, { name: 'dup.pdf' }, w.customer.id);
      const duplicate = await post(w.as.manager, '/api/Invoices', { customerId: w.customer.id, kind: 'uploaded', number: 'QB-7781', amountCents: 100, issueDate: dateIn(0), dueDate: dateIn(1), fileId: again.id });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json<ErrorResponse>().errors).toHaveProperty('number');
      const [stored] = await ctx.database.db.select({ attachedAt: files.attachedAt }).from(files).where(eq(files.id, again.id));
      expect(stored?.attachedAt).toBeNull();
    });

    it('refuses a file that is not a PDF', async () => {
      const image = await uploadTestFile(ctx, w.as.manager, { name: 'scan.txt', body: Buffer.from('plain text'), type: 'text/plain' }, w.customer.id);
      const res = await post(w.as.manager, '/api/Invoices', { customerId: w.customer.id, kind: 'uploaded', number: 'QB-1', amountCents: 100, issueDate: dateIn(0), dueDate: dateIn(1), fileId: image.id });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().errors).toHaveProperty('fileId');
    });
  });

  describe('overdue and aging', () => {
    it('marks open invoices past their due date overdue and sums the open balance', async () => {
      const customerId = w.otherCustomer.id;
      const mk = async (issueDays: number, dueDays: number, status: 'issued' | 'draft' = 'issued') => {
        const [row] = await ctx.database.db
          .insert(invoices)
          .values({ number: `T-${Math.random().toString().slice(2, 12)}`, customerId, status, issueDate: dateIn(issueDays), dueDate: dateIn(dueDays), subtotalCents: 10_000, taxCents: 0, totalCents: 10_000, issuedAt: new Date() })
          .returning();
        return row!;
      };
      const outsiderAs = w.as.outsider; // Branch manager of the other branch: this customer is in their scope.
      const current = await mk(-5, 10);
      await mk(-40, -10); // 1–30
      await mk(-80, -45); // 31–60
      await mk(-100, -75); // 61–90
      const old = await mk(-200, -120); // 90+
      await mk(-10, -5, 'draft'); // drafts never count
      await ctx.database.db.update(invoices).set({ paidCents: 2_500, status: 'partly_paid' }).where(eq(invoices.id, old.id));

      const list = (await get(outsiderAs, `/api/Invoices?customerId=${customerId}&pageSize=100`)).json<InvoicePage>();
      expect(list.openCount).toBe(5);
      expect(list.openBalanceCents).toBe(47_500);
      expect(list.overdueCount).toBe(4);
      expect(list.overdueBalanceCents).toBe(37_500);
      expect(list.data.find((i) => i.id === current.id)).toMatchObject({ overdue: false, daysOverdue: 0 });
      expect(list.data.find((i) => i.id === old.id)).toMatchObject({ overdue: true, daysOverdue: 120, balanceCents: 7_500 });
      const overdueOnly = (await get(outsiderAs, `/api/Invoices?customerId=${customerId}&overdue=true&pageSize=100`)).json<InvoicePage>();
      expect(overdueOnly.total).toBe(4);

      const aging = (await get(outsiderAs, `/api/Invoices/aging?customerId=${customerId}`)).json<AgingSummary>();
      expect(aging.totals).toEqual({ current: 10_000, days1to30: 10_000, days31to60: 10_000, days61to90: 10_000, days90plus: 7_500, total: 47_500 });
      expect(aging.customers).toHaveLength(1);
      expect(aging.customers[0]).toMatchObject({ customerName: 'Other HOA', openInvoices: 5 });

      // Boundaries: exactly 30 days past due is still 1–30; as of the due date itself it is current.
      // As of 20 days on: 10 and exactly 30 days past due are 1–30, 65 is 61–90, 95 and 140 are 90+.
      const later = (await get(outsiderAs, `/api/Invoices/aging?customerId=${customerId}&asOf=${dateIn(20)}`)).json<AgingSummary>();
      expect(later.totals).toEqual({ current: 0, days1to30: 20_000, days31to60: 0, days61to90: 10_000, days90plus: 17_500, total: 47_500 });
      const dueDay = (await get(outsiderAs, `/api/Invoices/aging?customerId=${customerId}&asOf=${dateIn(10)}`)).json<AgingSummary>();
      expect(dueDay.totals.current).toBe(10_000);

      const csv = await get(outsiderAs, `/api/Invoices/aging.csv?customerId=${customerId}`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Customer,Open invoices,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total');
      expect(lines[1]).toBe('Other HOA,5,100.00,100.00,100.00,100.00,75.00,475.00');
      expect(lines.at(-1)).toBe('Total,5,100.00,100.00,100.00,100.00,75.00,475.00');

      // Another branch's manager does not see this customer's money; the scope-wide aging leaves it out.
      const scoped = (await get(w.as.manager, '/api/Invoices/aging')).json<AgingSummary>();
      expect(scoped.customers.map((c) => c.customerId)).not.toContain(customerId);
    });

    it('exports the filter as CSV with formulas neutralised', async () => {
      const issued = await makeInvoice(ctx, w, { issue: true });
      const csv = await get(w.as.manager, `/api/Invoices/export.csv?customerId=${w.customer.id}&status=open`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Number,Customer,Status,Issue date,Due date,Total,Paid,Balance,Overdue days');
      expect(lines.some((line) => line.startsWith(`${issued.number},Willow Creek HOA,Issued,`))).toBe(true);
      expect(lines.every((line) => !line.includes(',Draft,'))).toBe(true);
    });
  });

  describe('company details and the PDF', () => {
    it('only a System Admin changes the company details; the invoice PDF prints them', async () => {
      const admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'], firstName: 'Sam', lastName: 'Admin' }));
      const defaults = (await get(w.as.manager, '/api/CompanySettings')).json<CompanySettings>();
      expect(defaults).toMatchObject({ name: 'Evergreen Grounds LLC', addressLines: ['9 Fern Road', 'Austin, TX 78701'], saved: false });
      const body = { name: 'Grove Landscape Partners', addressLines: ['12 Elm Street', 'Marietta, GA 30060'], phone: '(770) 555-0199', email: 'billing@grove.test', taxId: 'EIN 12-3456789' };
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/CompanySettings', headers: w.as.manager, payload: body })).statusCode).toBe(403);
      {
        const bad = await ctx.app.inject({ method: 'PUT', url: '/api/CompanySettings', headers: admin, payload: { ...body, name: '', email: 'not-an-email' } });
        expect(bad.statusCode).toBe(400);
        expect(Object.keys(bad.json<ErrorResponse>().errors ?? {})).toEqual(expect.arrayContaining(['name', 'email']));
        const saved = await ctx.app.inject({ method: 'PUT', url: '/api/CompanySettings', headers: admin, payload: body });
        expect(saved.json<CompanySettings>()).toMatchObject({ ...body, website: null, saved: true });
      }

      const invoice = await makeInvoice(ctx, w, { issue: true, values: { notes: 'Thank you for your business.' } });
      await pay(w.as.manager, invoice.id, 20_000);
      const res = await get(w.as.propertyManager, `/api/Invoices/${invoice.id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${invoice.number}.pdf"`);
      const { text, title } = await pdfText(res.rawPayload);
      expect(title).toBe(`Invoice ${invoice.number}`);
      expect(text).toContain('Grove Landscape Partners');
      expect(text).toContain('EIN 12-3456789');
      expect(text).not.toContain('Evergreen Grounds LLC');
      expect(text).toContain('Willow Creek HOA');
      expect(text).toContain('Monthly grounds maintenance');
      expect(text).toContain('$1,200.00');
      expect(text).toContain('$1,000.00');
      expect(text).toContain('Thank you for your business.');
    });
  });
});
