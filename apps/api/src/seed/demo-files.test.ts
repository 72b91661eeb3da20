import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, FolderList, LibraryFile, OrangeReportCustomerDetail, OrangeReportDetail, OrangeReportSummary, Page } from '@grove/shared';
import { customers, users } from '../db/schema.js';
import { fileStoreFor } from '../domains/files/index.js';
import { signIn, type SignedIn } from '../test/factories.js';
import { pdfText } from '../test/pdf-text.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { seedDemoData } from './demo.js';

/** The demo company with its files (seed/demo-files.ts): photos, documents, the staff library. */
describe(`demo data with files (${dbKind})`, () => {
  let ctx: TestContext;
  const as = new Map<string, SignedIn>();

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log, files: fileStoreFor(ctx.config) });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const person = async (local: string) => {
    if (!as.has(local)) {
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, `${local}@demo.grove.test`));
      as.set(local, await signIn(ctx, user!));
    }
    return as.get(local)!;
  };
  const get = async (local: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: await person(local) });
  const customerId = async (accountNumber: string) => (await ctx.database.db.select({ id: customers.id }).from(customers).where(eq(customers.accountNumber, accountNumber)))[0]!.id;

  it('orange reports have the crew’s photos, hidden from customers until the report is published', async () => {
    const crew = (await get('crew-leader', '/api/OrangeReports?pageSize=100')).json<Page<OrangeReportSummary>>();
    const resolved = (await get('property-manager', `/api/OrangeReports/${crew.data.find((r) => r.status === 'resolved')!.id}`)).json<OrangeReportCustomerDetail>();
    expect(resolved.allPhotos.map((p) => p.kind).sort()).toEqual(['after', 'finding', 'finding']);
    const photo = resolved.allPhotos.find((p) => p.kind === 'finding')!;
    expect(photo.width).toBe(1200);
    const image = await get('property-manager', photo.url);
    expect(image.statusCode).toBe(200);
    // The web-sized version sharp made from the stored JPEG, as for an upload.
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await get('property-manager', photo.thumbnailUrl!)).statusCode).toBe(200);

    const inReview = (await get('account-manager', `/api/OrangeReports/${crew.data.find((r) => r.status === 'submitted')!.id}`)).json<OrangeReportDetail>();
    expect(inReview.allPhotos.length).toBeGreaterThan(0);
    expect((await get('property-manager', inReview.allPhotos[0]!.url)).statusCode).toBe(404);
    expect((await get('account-manager', inReview.allPhotos[0]!.url)).statusCode).toBe(200);
  });

  it('customers have documents with real PDFs; the staff-only one stays with staff', async () => {
    const whitlock = await customerId('MAR-1001');
    const mine = (await get('property-manager', `/api/Documents?customerId=${whitlock}&pageSize=50`)).json<Page<DocumentSummary>>();
    const staff = (await get('account-manager', `/api/Documents?customerId=${whitlock}&pageSize=50`)).json<Page<DocumentSummary>>();
    expect(mine.data.map((d) => d.title).sort()).toEqual(['Certificate of insurance', 'Grounds maintenance agreement 2026', 'Irrigation zone map']);
    expect(staff.data.map((d) => d.title)).toContain('Site walk notes — renewal pricing');

    const agreement = mine.data.find((d) => d.category === 'contract')!;
    const detail = (await get('property-manager', `/api/Documents/${agreement.id}`)).json<DocumentDetail>();
    expect(detail.versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const pdf = await get('property-manager', detail.file.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).text).toContain('Irrigation inspection');

    const hidden = staff.data.find((d) => d.visibility === 'staff')!;
    expect((await get('property-manager', hidden.file.url)).statusCode).toBe(404);
  });

  it('the staff library has folders with files, and the pricing folder is for managers only', async () => {
    const crewFolders = (await get('crew-leader', '/api/folders')).json<FolderList>();
    const managerFolders = (await get('branch-manager', '/api/folders')).json<FolderList>();
    expect(crewFolders.data.map((f) => f.name).sort()).toEqual(['Safety', 'Training']);
    expect(managerFolders.data.map((f) => f.name).sort()).toEqual(['Pricing', 'Safety', 'Training']);
    const safety = crewFolders.data.find((f) => f.name === 'Safety')!;
    const files = (await get('crew-leader', `/api/folders/${safety.id}/files`)).json<Page<LibraryFile>>();
    expect(files.data.map((f) => f.name)).toContain('Crew safety handbook.pdf');
    const handbook = await get('crew-leader', files.data.find((f) => f.name === 'Crew safety handbook.pdf')!.url);
    expect(handbook.statusCode).toBe(200);
    expect((await pdfText(handbook.rawPayload)).text).toContain('Lightning');
    // Customer users never reach the library's files.
    expect((await get('property-manager', files.data[0]!.url)).statusCode).toBe(404);
  });
});
