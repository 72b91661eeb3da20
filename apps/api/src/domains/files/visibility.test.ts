/**
 * File visibility follows the record that owns the file (issue 8 §2). For every record kind a
 * module lists in its testing `fileOwners`, a photo attached to it is read by staff who have the
 * customer in scope, by the customer's own users only when the module says so, and never by anyone
 * outside the customer's scope. An owner type no module claims is served to no one.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@grove/shared';
import { files } from '../../db/schema.js';
import { modules } from '../../modules/catalog.js';
import type { FileOwnerCase } from '../../modules/domain-module.js';
import { createScopeWorld, createUser, linkCustomerUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind } from '../../test/test-app.js';
import { attachFiles } from './index.js';

const ctx = await createTestContext();
const owners: { module: string; owner: FileOwnerCase }[] = [];
for (const module of modules()) {
  for (const owner of (await module.testing?.())?.fileOwners ?? []) owners.push({ module: module.name, owner });
}

describe(`file visibility (${dbKind})`, () => {
  let world: ScopeWorld;
  const as = new Map<string, SignedIn>();
  let outsider: SignedIn;
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 90, b: 40 } } }).png().toBuffer();

  beforeAll(async () => {
    world = await createScopeWorld(ctx);
    for (const role of ['Branch Manager', 'Crew Leader', 'Property Manager', 'Resident'] as Role[]) as.set(role, await signIn(ctx, world.users[role]));
    const stranger = await createUser(ctx, { roles: ['Resident'] });
    await linkCustomerUser(ctx, world.outOfScope.id, stranger.id);
    outsider = await signIn(ctx, stranger);
  });
  afterAll(() => ctx.close());

  async function attachedPhoto(ownerType: string, ownerId: string, staffOnly: boolean, customerId: string | null): Promise<string> {
    const uploader = world.users['System Admin'];
    const [row] = await ctx.database.db
      .insert(files)
      .values({
        kind: 'photo',
        originalName: 'visibility.png',
        mimeType: 'image/png',
        sizeBytes: (await png()).length,
        sha256: '0'.repeat(64),
        storageKey: `visibility/${crypto.randomUUID()}`,
        uploadedBy: uploader.id,
        customerId,
      })
      .returning({ id: files.id });
    if (customerId) await attachFiles(ctx.database.db, { fileIds: [row!.id], customerId, ownerType, ownerId, userId: uploader.id, staffOnly });
    return row!.id;
  }

  const status = async (who: SignedIn, id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/Files/${id}`, headers: who })).statusCode;

  it('has records to check (modules list their file owners)', () => {
    expect(owners.length).toBeGreaterThan(0);
  });

  it.each(owners)('$module: $owner.label', async ({ owner }) => {
    const record = await owner.create(ctx, world.inScope, world.users['System Admin'].id);
    const id = await attachedPhoto(record.ownerType, record.ownerId, record.staffOnly ?? false, world.inScope.id);
    expect(await status(as.get('Branch Manager')!, id)).toBe(200);
    expect(await status(as.get('Crew Leader')!, id)).toBe(200);
    const customerSees = owner.customerUsersSee ? 200 : 404;
    expect(await status(as.get('Property Manager')!, id)).toBe(customerSees);
    expect(await status(as.get('Resident')!, id)).toBe(customerSees);
    expect(await status(outsider, id)).toBe(404);
  });

  it('serves a file whose owner type no module claims to no one', async () => {
    const [row] = await ctx.database.db
      .insert(files)
      .values({
        kind: 'photo',
        originalName: 'orphan.png',
        mimeType: 'image/png',
        sizeBytes: 1,
        sha256: '0'.repeat(64),
        storageKey: `visibility/${crypto.randomUUID()}`,
        uploadedBy: world.users['System Admin'].id,
        customerId: world.inScope.id,
        ownerType: 'no_such_record',
        ownerId: crypto.randomUUID(),
        attachedAt: new Date(),
      })
      .returning({ id: files.id });
    for (const who of [as.get('Branch Manager')!, as.get('Property Manager')!]) expect(await status(who, row!.id)).toBe(404);
  });
});
