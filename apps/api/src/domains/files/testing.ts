/**
 * Access-matrix entries (domains/access-matrix.test.ts) for `/api/Files/*`: uploads name a customer
 * (out of scope → 404); reading a file attached to a customer needs that customer in scope.
 */
import sharp from 'sharp';
import { signIn, type CustomerRow } from '../../test/factories.js';
import type { AccessCase, AccessFixture, ModuleTesting } from '../../modules/domain-module.js';
import { SIGNED_IN, type AudienceTable } from '../../test/audience.js';
import { attachFiles } from './attach-files.js';

const BOUNDARY = '----grove-matrix-boundary';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

let pngBytes: Promise<Buffer> | undefined;
const png = () => (pngBytes ??= sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 40 } } }).png().toBuffer());

/** customerId first (the server reads it before the file), then the file. */
function multipart(customerId: string, file: { name: string; type: string; body: Buffer }): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${customerId}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.body,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A photo uploaded by System Admin and attached to `customer`, made for one request. */
async function attachedFile(f: AccessFixture, customer: CustomerRow) {
  const admin = f.users['System Admin'];
  const res = await f.ctx.app.inject({
    method: 'POST',
    url: '/api/Files/uploadPhoto',
    headers: { ...(await signIn(f.ctx, admin)), ...headers },
    payload: multipart(customer.id, { name: 'matrix.png', type: 'image/png', body: await png() }),
  });
  const { id } = res.json<{ id: string }>();
  await attachFiles(f.ctx.database.db, { fileIds: [id], customerId: customer.id, ownerType: 'customer_photo', ownerId: customer.id, userId: admin.id });
  return { id };
}

export const fileRouteCases: Record<string, AccessCase> = {
  'POST /api/Files/uploadPhoto': {
    headers,
    body: async (_f, customer) => multipart(customer.id, { name: 'matrix.png', type: 'image/png', body: await png() }),
  },
  'POST /api/Files/uploadFile': {
    headers,
    body: (_f, customer) => multipart(customer.id, { name: 'matrix.txt', type: 'text/plain', body: Buffer.from('Matrix notes\n') }),
  },
  'GET /api/Files/:id': { params: attachedFile },
  'GET /api/Files/:id/content': { params: attachedFile },
};

/** Expected audience (test/audience.ts): anyone signed in, for a customer in their scope (issue 3). */
const audience: AudienceTable = {
  'POST /api/Files/uploadPhoto': { who: SIGNED_IN, scope: 'record' },
  'POST /api/Files/uploadFile': { who: SIGNED_IN, scope: 'record' },
  'GET /api/Files/:id': { who: SIGNED_IN, scope: 'record' },
  'GET /api/Files/:id/content': { who: SIGNED_IN, scope: 'record' },
};

export const filesTesting: ModuleTesting = { accessCases: fileRouteCases, audience };
