import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@grove/shared';
import { files } from '../../db/schema.js';
import { createCustomer, createScopeWorld, createUser, linkCustomerUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { attachFiles } from './attach-files.js';
import { cleanupUnattachedFiles } from './cleanup-unattached-files.js';
import { fileStoreFor } from './file-store-for-config.js';

const BOUNDARY = '----grove-test-boundary';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

function multipartHead(part: Part): string {
  const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
}

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(multipartHead(part), 'utf8'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

async function jpegWithGps(): Promise<Buffer> {
  // 1200×800 stored with orientation 6: displayed 800×1200. GPS 51°30'12.34"S, 0°7'39"W.
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 140, b: 60 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Grove Test Camera' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();
}

function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 128, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function listStored(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe(`file service (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  let staff: SignedIn;
  let resident: SignedIn;
  let otherCustomerUser: SignedIn;
  let storeRoot: string;

  beforeAll(async () => {
    // No SPA here: the API alone (a built web/dist would otherwise be served too).
    ctx = await createTestContext({ WEB_DIST: join(tmpdir(), 'grove-no-web-dist') });
    world = await createScopeWorld(ctx);
    staff = await signIn(ctx, world.users['Account Manager']);
    resident = await signIn(ctx, world.users['Property Manager']);
    const outsider = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, world.outOfScope.id, outsider.id);
    otherCustomerUser = await signIn(ctx, outsider);
    storeRoot = join(ctx.config.dataDir, 'files');
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function upload(kind: 'photo' | 'file', as: SignedIn, file: { name: string; body: Buffer; type?: string }, customerId?: string) {
    const parts: Part[] = [];
    if (customerId) parts.push({ name: 'customerId', value: customerId });
    parts.push({ name: 'file', value: file.body, filename: file.name, contentType: file.type ?? 'application/octet-stream' });
    return ctx.app.inject({
      method: 'POST',
      url: kind === 'photo' ? '/api/Files/uploadPhoto' : '/api/Files/uploadFile',
      headers: { ...as, 'content-type': multipartType },
      payload: multipart(parts),
    });
  }

  async function content(as: SignedIn, url: string) {
    return ctx.app.inject({ method: 'GET', url, headers: { ...as } });
  }

  it('stores a PNG photo with a thumbnail and a web-sized version', async () => {
    const body = await png(2400, 1200);
    const res = await upload('photo', staff, { name: 'lawn.png', body, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const uploaded = res.json<UploadedFile>();
    expect(uploaded).toMatchObject({ name: 'lawn.png', mimeType: 'image/png', size: body.length, width: 2400, height: 1200 });
    expect(uploaded.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(uploaded.thumbnailUrl).toBe(`/api/Files/${uploaded.id}/content?variant=thumb`);

    const thumb = await content(staff, uploaded.thumbnailUrl!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 320, 160]);

    const web = await content(staff, `/api/Files/${uploaded.id}/content?variant=web`);
    const webMeta = await sharp(web.rawPayload).metadata();
    expect([webMeta.width, webMeta.height]).toEqual([1600, 800]);
  });

  it('keeps the EXIF position in the row but serves no EXIF, and turns the photo upright', async () => {
    const body = await jpegWithGps();
    expect((await sharp(body).metadata()).exif).toBeDefined();
    const res = await upload('photo', staff, { name: 'IMG_0001.JPG', body, type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const uploaded = res.json<UploadedFile>();
    expect([uploaded.width, uploaded.height]).toEqual([800, 1200]);

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, uploaded.id));
    expect(row!.latitude).toBeCloseTo(-51.5034278, 6);
    expect(row!.longitude).toBeCloseTo(-0.1275, 6);

    for (const variant of ['thumb', 'web', 'original']) {
      const served = await content(staff, `/api/Files/${uploaded.id}/content?variant=${variant}`);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Exif\0\0')), variant).toBe(false);
      expect(meta.orientation ?? 1, variant).toBe(1);
      expect(meta.height > meta.width, `${variant} is portrait`).toBe(true);
    }
    const original = await content(staff, uploaded.url);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).height).toBe(1200);
  });

  it('refuses a text file or a program renamed to .jpg (415) and keeps nothing', async () => {
    const before = await listStored(storeRoot);
    const text = await upload('photo', staff, { name: 'holiday.jpg', body: Buffer.from('just some text, not a photo\n'), type: 'image/jpeg' });
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toMatch(/not a supported photo/);

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(4096, 1)]);
    const asPhoto = await upload('photo', staff, { name: 'photo.jpg', body: exe, type: 'image/jpeg' });
    expect(asPhoto.statusCode).toBe(415);
    const asFile = await upload('file', staff, { name: 'report.pdf', body: exe, type: 'application/pdf' });
    expect(asFile.statusCode).toBe(415);
    expect(asFile.json<{ message: string }>().message).toMatch(/not accepted/);

    expect(await listStored(storeRoot)).toEqual(before);
  });

  it('keeps a HEIC photo it cannot decode, without derivatives', async () => {
    // An ISO-BMFF header with the `heic` brand: sharp's prebuilt libheif has no HEVC decoder here.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4);
    ftyp.write('mif1heic', 16);
    const res = await upload('photo', staff, { name: 'IMG_0420.HEIC', body: Buffer.concat([ftyp, Buffer.alloc(2048, 7)]) });
    expect(res.statusCode).toBe(201);
    const uploaded = res.json<UploadedFile>();
    expect(uploaded.mimeType).toBe('image/heic');
    expect(uploaded.thumbnailUrl).toBeUndefined();
    const served = await content(staff, uploaded.url);
    expect(served.headers['content-type']).toBe('image/heic');
    expect(served.headers['content-disposition']).toBe('attachment; filename="IMG_0420.HEIC"');
    expect((await content(staff, `${uploaded.url}?variant=thumb`)).statusCode).toBe(404);
  });

  it('refuses an image with too many pixels (decompression bomb) before decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload('photo', staff, { name: 'bomb.png', body: bomb });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/too many pixels/);
  });

  it('accepts documents and text by content: PDF, CSV; text served as attachment with an RFC 6266 name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const pdfRes = await upload('file', staff, { name: 'contract.pdf', body: pdf, type: 'application/octet-stream' });
    expect(pdfRes.statusCode).toBe(201);
    expect(pdfRes.json<UploadedFile>()).toMatchObject({ mimeType: 'application/pdf', size: pdf.length });
    expect(pdfRes.json<UploadedFile>().thumbnailUrl).toBeUndefined();

    const csv = await upload('file', staff, { name: 'plants.csv', body: Buffer.from('name,count\nOak,3\nMaple,5\n') });
    expect(csv.json<UploadedFile>().mimeType).toBe('text/csv');

    const name = 'Bericht über Rasen – 春 (final).txt';
    const text = await upload('file', staff, { name, body: Buffer.from('Grüße aus dem Garten\n'), type: 'text/plain' });
    expect(text.statusCode).toBe(201);
    const uploaded = text.json<UploadedFile>();
    expect(uploaded.name).toBe(name);

    const served = await content(staff, uploaded.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _ber Rasen _ _ (final).txt"; filename*=UTF-8''Bericht%20%C3%BCber%20Rasen%20%E2%80%93%20%E6%98%A5%20%28final%29.txt`,
    );
    expect(served.body).toBe('Grüße aus dem Garten\n');
    const again = await ctx.app.inject({ method: 'GET', url: uploaded.url, headers: { ...staff, 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('checks the customer given with an upload against the uploader’s scope', async () => {
    const body = await png();
    expect((await upload('photo', resident, { name: 'a.png', body }, world.outOfScope.id)).statusCode).toBe(404);
    expect((await upload('photo', resident, { name: 'a.png', body }, 'not-a-uuid')).statusCode).toBe(400);
    expect((await upload('photo', resident, { name: 'a.png', body }, world.inScope.id)).statusCode).toBe(201);
  });

  it('serves a file to its uploader until attached, then to users with the customer in scope only', async () => {
    const res = await upload('photo', resident, { name: 'broken-sprinkler.png', body: await png() }, world.inScope.id);
    const uploaded = res.json<UploadedFile>();
    const metaUrl = `/api/Files/${uploaded.id}`;

    expect((await content(resident, metaUrl)).statusCode).toBe(200);
    expect((await content(staff, metaUrl)).statusCode).toBe(404);
    expect((await content(otherCustomerUser, uploaded.url)).statusCode).toBe(404);

    const ownerId = crypto.randomUUID();
    const attached = await attachFiles(ctx.database.db, {
      fileIds: [uploaded.id],
      customerId: world.inScope.id,
      ownerType: 'service_request',
      ownerId,
      userId: world.users['Property Manager'].id,
    });
    expect(attached).toEqual([uploaded.id]);

    expect((await content(staff, uploaded.url)).statusCode).toBe(200);
    expect((await content(resident, uploaded.thumbnailUrl!)).statusCode).toBe(200);
    const detail = await content(staff, metaUrl);
    expect(detail.json()).toMatchObject({ id: uploaded.id, attached: true, customerId: world.inScope.id, kind: 'photo' });
    expect(detail.json()).not.toHaveProperty('latitude');

    for (const url of [metaUrl, uploaded.url, uploaded.thumbnailUrl!]) {
      const denied = await content(otherCustomerUser, url);
      expect(denied.statusCode, url).toBe(404);
      expect(denied.json()).toEqual({ message: 'Not found' });
    }
    // Attached once: it cannot be moved to another record or customer.
    await expect(
      attachFiles(ctx.database.db, undefined, {
        fileIds: [uploaded.id],
        customerId: world.outOfScope.id,
        ownerType: 'service_request',
        ownerId,
        userId: world.users['Property Manager'].id,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('serves a file attached to a record of no customer (a staff photo of someone on no team of theirs) to staff only', async () => {
    const uploaded = (await upload('photo', staff, { name: 'portrait.png', body: await png() })).json<UploadedFile>();
    // Customer users do see the photos of their own property's team (employees/photo-visibility.test.ts).
    const offTeam = await createUser(ctx, { roles: ['Account Manager'] });
    await ctx.database.db
      .update(files)
      .set({ ownerType: 'staff_photo', ownerId: offTeam.id, attachedAt: new Date() })
      .where(eq(files.id, uploaded.id));
    const otherStaff = await signIn(ctx, await createUser(ctx, { roles: ['Crew Leader'] }));
    expect((await content(otherStaff, uploaded.thumbnailUrl!)).statusCode).toBe(200);
    expect((await content(resident, uploaded.thumbnailUrl!)).statusCode).toBe(404);
  });

  it('attaches only the caller’s own unattached uploads, all or nothing', async () => {
    const mine = (await upload('photo', staff, { name: 'mine.png', body: await png() })).json<UploadedFile>();
    const theirs = (await upload('photo', resident, { name: 'theirs.png', body: await png() })).json<UploadedFile>();
    await expect(
      ctx.database.db.transaction((tx) =>
        attachFiles(ctx.database.db, tx, {
          fileIds: [mine.id, theirs.id],
          customerId: world.inScope.id,
          ownerType: 'service_request',
          ownerId: crypto.randomUUID(),
          userId: world.users['Account Manager'].id,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    const rows = await ctx.database.db.select({ attachedAt: files.attachedAt }).from(files).where(eq(files.id, mine.id));
    expect(rows[0]!.attachedAt).toBeNull();
  });

  it('cleans up only unattached uploads older than the cut-off, rows and stored objects', async () => {
    const store = fileStoreFor(ctx.config);
    const oldLoose = (await upload('photo', staff, { name: 'old.png', body: await png() })).json<UploadedFile>();
    const oldAttached = (await upload('photo', staff, { name: 'kept.png', body: await png() })).json<UploadedFile>();
    const fresh = (await upload('photo', staff, { name: 'fresh.png', body: await png() })).json<UploadedFile>();
    await attachFiles(ctx.database.db, {
      fileIds: [oldAttached.id],
      customerId: world.inScope.id,
      ownerType: 'service_request',
      ownerId: crypto.randomUUID(),
      userId: world.users['Account Manager'].id,
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const id of [oldLoose.id, oldAttached.id]) {
      await ctx.database.db.update(files).set({ createdAt: twoDaysAgo }).where(eq(files.id, id));
    }
    const [oldRow] = await ctx.database.db.select().from(files).where(eq(files.id, oldLoose.id));
    const oldKeys = [oldRow!.storageKey, ...Object.values(oldRow!.variants)];
    expect(oldKeys).toHaveLength(3);
    for (const key of oldKeys) expect(await store.exists(key)).toBe(true);

    const removed = await cleanupUnattachedFiles(ctx.database.db, store, 24 * 3600_000);
    expect(removed).toBe(1);
    for (const key of oldKeys) expect(await store.exists(key)).toBe(false);
    const left = await ctx.database.db.select({ id: files.id }).from(files);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(oldLoose.id);
    expect(ids).toEqual(expect.arrayContaining([oldAttached.id, fresh.id]));
    expect((await content(staff, oldAttached.url)).statusCode).toBe(200);
  });

  // Memory figures of the same upload are measured in bench/upload-memory.ts (they depend on the machine).
  it('refuses an oversize upload with 413 while streaming it to storage, then removes the partial file', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const MB = 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    const head = await png(16, 16);
    const before = await listStored(storeRoot);

    const partialBytes = async () => {
      let total = 0;
      for (const path of await listStored(storeRoot)) if (path.endsWith('.part')) total += (await stat(path)).size;
      return total;
    };

    let midway: { onDisk: number } | undefined;
    async function* body() {
      yield Buffer.from(multipartHead({ name: 'file', value: '', filename: 'huge.png', contentType: 'image/png' }));
      yield head;
      let sent = 0;
      for (; sent < 16 * MB; sent += chunk.length) yield chunk;
      // Midway (16 MB sent, limit 20 MB): the bytes must be in storage, not in memory.
      const start = Date.now();
      while ((await partialBytes()) < 15 * MB && Date.now() - start < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
      midway = { onDisk: await partialBytes() };
      for (; sent < 60 * MB; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }

    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/Files/uploadPhoto', headers: { ...staff, 'content-type': multipartType } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (data: string) => (text += data));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      Readable.from(body()).pipe(req);
    });

    // The client could send all 60 MB and then read the answer.
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: 'The photo is larger than 20 MB.' });
    // Midway the bytes were already in storage: the upload is streamed, not held in memory.
    expect(midway!.onDisk).toBeGreaterThanOrEqual(15 * MB);
    // The partial upload is gone.
    expect(await listStored(storeRoot)).toEqual(before);
  });

  it('needs a signed-in user and a multipart body with a file', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/Files/uploadPhoto', headers: { 'content-type': multipartType }, payload: multipart([]) });
    expect(anonymous.statusCode).toBe(401);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/Files/uploadFile', headers: { ...staff }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/Files/uploadFile',
      headers: { ...staff, 'content-type': multipartType },
      payload: multipart([{ name: 'customerId', value: world.inScope.id }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ errors: { file: ['This field is required.'] } });
    const other = await createCustomer(ctx);
    expect((await content(staff, `/api/Files/${other.id}`)).statusCode).toBe(404);
  });

  it('documents the routes in the OpenAPI description', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/Files/uploadPhoto', '/api/Files/uploadFile', '/api/Files/{id}', '/api/Files/{id}/content']));
  });
});
