import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema.js';
import { orangeReports } from '../domains/orange-reports/tables.js';
import { createServiceRequest, createRequestWorld, type RequestWorld } from '../domains/service-requests/test-factories.js';
import type { SignedIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { KEY_REUSED_TEXT } from './idempotency.js';

/*
 * Issue 16: the crew's offline outbox sends every field write with an Idempotency-Key and retries
 * it after a lost answer. Each write it makes — photo upload, comment, start, complete, an orange
 * report's draft and submit, an edit (PUT) — is carried out once however often it arrives, and a
 * write refused because the record changed meanwhile (cancelled) is a 409 the outbox shows.
 */
describe(`the outbox's writes are carried out once (${dbKind})`, () => {
  let ctx: TestContext;
  let world: RequestWorld;
  let crew: SignedIn;
  const boundary = '----grove-outbox';

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createRequestWorld(ctx);
    crew = world.as.crew;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, key: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: { ...crew, 'idempotency-key': key }, payload: payload as object });

  async function uploadPhoto(key: string, colour = 'green'): Promise<{ status: number; id: string; replayed: boolean }> {
    const image = await sharp({ create: { width: 16, height: 12, channels: 3, background: colour } }).jpeg().toBuffer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Files/uploadPhoto',
      headers: { ...crew, 'idempotency-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${world.customer.id}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="after.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    return { status: res.statusCode, id: res.json<{ id: string }>().id, replayed: res.headers['idempotent-replayed'] === 'true' };
  }

  it('completing with an after photo, sent twice (upload and complete), stores one photo and completes once', async () => {
    const request = await createServiceRequest(ctx, { customerId: world.customer.id, status: 'scheduled', assigneeId: world.crew.id });
    const photoKey = randomUUID();
    const first = await uploadPhoto(photoKey);
    const again = await uploadPhoto(photoKey);
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 201, id: first.id, replayed: true });
    expect(await ctx.database.db.select().from(files).where(eq(files.uploadedBy, world.crew.id))).toHaveLength(1);

    const key = randomUUID();
    const body = { note: 'Valve replaced', photoIds: [first.id] };
    const done = await post(`/api/ServiceRequests/${request.id}/complete`, key, body);
    expect(done.statusCode, done.body).toBe(200);
    const replay = await post(`/api/ServiceRequests/${request.id}/complete`, key, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(done.json());
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${request.id}`, headers: crew })).json<{
      status: string;
      timeline: { kind: string; toStatus: string | null; attachments: unknown[] }[];
    }>();
    expect(detail.status).toBe('completed');
    const completions = detail.timeline.filter((entry) => entry.kind === 'status_change' && entry.toStatus === 'completed');
    expect(completions).toHaveLength(1);
    expect(completions[0]!.attachments).toHaveLength(1);
    // Without the key the same retry is refused as a second completion: the key is what makes it safe.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${request.id}/complete`, headers: crew, payload: body })).statusCode).toBe(409);
  });

  it('a comment retried with its key appears once; the same key with other text is a 422', async () => {
    const request = await createServiceRequest(ctx, { customerId: world.customer.id, status: 'in_progress', assigneeId: world.crew.id });
    const key = randomUUID();
    const url = `/api/ServiceRequests/${request.id}/comments`;
    const answers = [await post(url, key, { text: 'Mulch delivered' }), await post(url, key, { text: 'Mulch delivered' })];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const comments = answers[1]!.json<{ timeline: { kind: string; text: string }[] }>().timeline.filter((entry) => entry.kind === 'comment');
    expect(comments.map((entry) => entry.text)).toEqual(['Mulch delivered']);
    const changed = await post(url, key, { text: 'Something else' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: KEY_REUSED_TEXT });
  });

  it('a start queued offline for a request cancelled meanwhile is refused with a 409 that says why', async () => {
    const request = await createServiceRequest(ctx, { customerId: world.customer.id, status: 'cancelled', assigneeId: world.crew.id });
    const res = await post(`/api/ServiceRequests/${request.id}/start`, randomUUID(), {});
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/cancelled/);
  });

  it('an orange report filed through the outbox (draft with photos, then submit) exists once, submitted once', async () => {
    const photos = [await uploadPhoto(randomUUID(), 'red'), await uploadPhoto(randomUUID(), 'blue'), await uploadPhoto(randomUUID(), 'yellow')];
    const draft = {
      customerId: world.customer.id,
      title: 'Leaning oak by the pool',
      category: 'tree',
      urgency: 'safety',
      findings: 'The oak leans over the pool fence after the storm.',
      locationText: 'Pool fence',
      photos: photos.map((photo) => ({ fileId: photo.id, caption: '' })),
    };
    const draftKey = randomUUID();
    const created = await post('/api/OrangeReports', draftKey, draft);
    expect(created.statusCode, created.body).toBe(201);
    const retried = await post('/api/OrangeReports', draftKey, draft);
    expect(retried.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect(retried.json<{ id: string }>().id).toBe(id);
    expect(await ctx.database.db.select().from(orangeReports).where(and(eq(orangeReports.customerId, world.customer.id), eq(orangeReports.title, draft.title)))).toHaveLength(1);

    const submitKey = randomUUID();
    const submitted = await post(`/api/OrangeReports/${id}/submit`, submitKey, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const again = await post(`/api/OrangeReports/${id}/submit`, submitKey, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(submitted.json());
    expect(submitted.json<{ status: string }>().status).toBe('submitted');
  });

  it('a PUT with a key is answered once and replayed; the key with another body is a 422', async () => {
    const request = await createServiceRequest(ctx, { customerId: world.customer.id, status: 'new', requesterId: world.crew.id });
    const key = randomUUID();
    const edit = (title: string) => ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequests/${request.id}`, headers: { ...world.as.manager, 'idempotency-key': key }, payload: { title } });
    const first = await edit('Broken sprinkler by gate 2');
    expect(first.statusCode, first.body).toBe(200);
    const replay = await edit('Broken sprinkler by gate 2');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await edit('Another title')).statusCode).toBe(422);
  });
});
