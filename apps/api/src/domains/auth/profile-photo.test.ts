import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, UserProfile } from '@grove/shared';
import { addTeamMember, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

const BOUNDARY = '----grove-profile-photo';

describe(`profile photo on /api/Users/me (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function upload(who: SignedIn): Promise<string> {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer();
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Files/uploadPhoto', headers: { ...who, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }
  const profile = { firstName: 'Pat', lastName: 'Photo', language: 'en' };

  it('a staff member sets their own photo; colleagues see it in the directory; null removes it', async () => {
    const me = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Pat', lastName: 'Photo' });
    const colleague = await createUser(ctx, { roles: ['Account Manager'] });
    const as = await signIn(ctx, me);
    const photoId = await upload(as);
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: { ...profile, photoFileId: photoId } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<UserProfile>().photoFileId).toBe(photoId);

    const other = await signIn(ctx, colleague);
    const entry = await ctx.app.inject({ method: 'GET', url: `/api/Employees/${me.id}`, headers: other });
    expect(entry.json<Employee>().photoFileId).toBe(photoId);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${photoId}/content`, headers: other })).statusCode).toBe(200);

    // Leaving the field out keeps it (the language switcher sends only the profile fields).
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: profile })).json<UserProfile>().photoFileId).toBe(photoId);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: { ...profile, photoFileId: null } })).json<UserProfile>().photoFileId).toBeNull();
  });

  it('customer-side users see the photos of their own Grove team only', async () => {
    const crew = await createUser(ctx, { roles: ['Crew Leader'] });
    const manager = await createUser(ctx, { roles: ['Account Manager'] });
    const ours = await createCustomer(ctx, { accountManagerId: manager.id });
    const theirs = await createCustomer(ctx);
    await addTeamMember(ctx, ours.id, crew.id, 'Crew Leader');
    const member = await createUser(ctx, { roles: ['Resident'] });
    const stranger = await createUser(ctx, { roles: ['Resident'] });
    await linkCustomerUser(ctx, ours.id, member.id);
    await linkCustomerUser(ctx, theirs.id, stranger.id);
    const photos: string[] = [];
    for (const person of [crew, manager]) {
      const as = await signIn(ctx, person);
      const id = await upload(as);
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: { ...profile, photoFileId: id } })).statusCode).toBe(200);
      photos.push(id);
    }
    const asMember = await signIn(ctx, member);
    const asStranger = await signIn(ctx, stranger);
    for (const id of photos) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${id}/content`, headers: asMember })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${id}/content`, headers: asStranger })).statusCode).toBe(404);
    }
  });

  it('refuses someone else’s upload and customer-side accounts', async () => {
    const me = await createUser(ctx, { roles: ['Crew Leader'] });
    const thief = await createUser(ctx, { roles: ['Crew Leader'] });
    const photoId = await upload(await signIn(ctx, me));
    const stolen = await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: await signIn(ctx, thief), payload: { ...profile, photoFileId: photoId } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json<{ errors: Record<string, string[]> }>().errors.photoFileId).toBeDefined();

    const resident = await createUser(ctx, { roles: ['Resident'] });
    const as = await signIn(ctx, resident);
    const own = await upload(as);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: as, payload: { ...profile, photoFileId: own } })).statusCode).toBe(400);
  });
});
