import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestContext } from './src/test/test-app.ts';
import { createUser, signIn } from './src/test/factories.ts';
const ctx = await createTestContext({ WEB_DIST: join(tmpdir(), 'nope') });
const user = await createUser(ctx, { roles: ['System Admin'] });
const staff = await signIn(ctx, user);
const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const port = Number(new URL(address).port);
const B = 'xxBOUNDARY';
const chunk = Buffer.alloc(64 * 1024, 0x5a);
const head = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).png().toBuffer();
let sent = 0;
async function* body() {
  yield Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
  yield head;
  for (; sent < 60 * 1024 * 1024; sent += chunk.length) yield chunk;
  yield Buffer.from(`\r\n--${B}--\r\n`);
  console.log('client done sending', Date.now() - t0);
}
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
let g0 = Date.now(); gc(); console.log('gc ms', Date.now() - g0);
const base = process.memoryUsage();
let peak = base.arrayBuffers, peakRss = base.rss, n = 0, gcTime = 0;
const sampler = setInterval(() => { const a = Date.now(); gc(); gcTime += Date.now() - a; n++; const m = process.memoryUsage(); peak = Math.max(peak, m.arrayBuffers); peakRss = Math.max(peakRss, m.rss); }, 50);
const t0 = Date.now();
const res = await new Promise<any>((resolve, reject) => {
  const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/Files/uploadPhoto', headers: { ...staff, 'content-type': `multipart/form-data; boundary=${B}` } }, (res) => {
    let t = ''; res.setEncoding('utf8'); res.on('data', (d) => (t += d)); res.on('end', () => resolve({ s: res.statusCode, t, sent, ms: Date.now() - t0 }));
  });
  req.on('error', (e) => { console.log('req error', e.message, sent); reject(e); });
  Readable.from(body()).pipe(req);
});
console.log(res); clearInterval(sampler); console.log({ n, gcTime, buffers: peak - base.arrayBuffers, rss: peakRss - base.rss });
setTimeout(() => console.log("sent after 2s", sent), 2000);
await new Promise((r) => setTimeout(r, 2500));
const t1 = Date.now();
await ctx.close();
console.log('closed in', Date.now() - t1);
