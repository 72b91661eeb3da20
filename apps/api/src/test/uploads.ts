/**
 * Uploads through the real file service (`/api/Files/uploadFile`), for tests of domains that
 * attach files to their records.
 */
import type { UploadedFile } from '@grove/shared';
import { simplePdf } from '../lib/simple-pdf.js';
import type { SignedIn } from './factories.js';
import type { TestContext } from './test-app.js';

const BOUNDARY = '----grove-upload-boundary';

export function multipartBody(file: { name: string; body: Buffer; type?: string }, customerId?: string): Buffer {
  return Buffer.concat([
    ...(customerId ? [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${customerId}\r\n`)] : []),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
    file.body,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Uploads a file as `as` (for `customerId` when given) and returns the upload answer; fails the test on a non-201. */
export async function uploadTestFile(
  ctx: Pick<TestContext, 'app'>,
  as: SignedIn,
  file: { name?: string; body?: Buffer; type?: string } = {},
  customerId?: string,
): Promise<UploadedFile> {
  const name = file.name ?? 'test.pdf';
  const body = file.body ?? simplePdf([name, 'A test document.']);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Files/uploadFile',
    headers: { ...as, ...multipartHeaders },
    payload: multipartBody({ name, body, type: file.type ?? 'application/pdf' }, customerId),
  });
  if (res.statusCode !== 201) throw new Error(`upload of ${name} answered ${res.statusCode}: ${res.body}`);
  return res.json<UploadedFile>();
}
