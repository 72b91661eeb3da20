import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerViewDetail } from '@grove/shared';
import { addTeamMember, createScopeWorld, createUser, linkCustomerUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

const BOUNDARY = '----grove-staff-photo';

/** Staff photos: all staff, and customer users of a property whose team the person is on (customer dashboard). */
describe(`staff photo visibility (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  let photoId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const crew = world.users['Crew Leader'];
    const as = await signIn(ctx, crew);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/Files/uploadPhoto', headers: { ...as, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
    photoId = uploaded.json<{ id: string }>().id;
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: { firstName: crew.firstName, lastName: crew.lastName, language: 'en', photoFileId: photoId } });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const read = (as: SignedIn) => ctx.app.inject({ method: 'GET', url: `/api/Files/${photoId}/content`, headers: as });

  it('the property’s customer users see their team member’s photo; customers of other properties do not', async () => {
    const pm = await signIn(ctx, world.users['Property Manager']);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: pm });
    const member = view.json<CustomerViewDetail>().team.find((m) => m.userId === world.users['Crew Leader'].id);
    expect(member?.photoFileId).toBe(photoId);
    expect((await read(pm)).statusCode).toBe(200);

    const elsewhere = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, world.outOfScope.id, elsewhere.id);
    expect((await read(await signIn(ctx, elsewhere))).statusCode).toBe(404);

    // Put on the other property's team too: now its customers see the photo as well.
    await addTeamMember(ctx, world.outOfScope.id, world.users['Crew Leader'].id, 'Crew Leader');
    expect((await read(await signIn(ctx, elsewhere))).statusCode).toBe(200);
  });

  it('every staff member sees it (team directory), a customer user with no property never does', async () => {
    expect((await read(await signIn(ctx, world.users['Business Development']))).statusCode).toBe(200);
    const unlinked = await createUser(ctx, { roles: ['Resident'] });
    expect((await read(await signIn(ctx, unlinked))).statusCode).toBe(404);
  });
});
