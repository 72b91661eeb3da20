/**
 * Upload memory benchmark: how much the server's resident memory grows while it streams a large
 * upload, next to a baseline measured in the same run (the same server answering small requests).
 * The server runs as its own process (as in production) on a temporary DATA_DIR; its RSS is read
 * from /proc every 20 ms. Run: `npm run bench:upload-memory`. Figures depend on the machine, which
 * is why they are printed here rather than asserted in a test (files.test.ts checks the streaming).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { freePort, runCreateAdmin, startServer, stopServer } from '../apps/api/src/test/server-process.js';

const MB = 1024 * 1024;
const BOUNDARY = '----grove-bench-boundary';
const PASSWORD = 'Granite-Meadow-Falcon-19';

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** Peak RSS growth over `run`, sampled every 20 ms. */
async function peakGrowth(pid: number, run: () => Promise<unknown>): Promise<number> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  await run();
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  return peak - before;
}

/** A real PNG's bytes first (so the type check passes), then padding. */
const pngHead = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'green' } }).png().toBuffer();

function upload(port: number, headers: Record<string, string>, megabytes: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  async function* body() {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    yield pngHead;
    for (let sent = 0; sent < megabytes * MB; sent += chunk.length) yield chunk;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/Files/uploadPhoto', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'grove-bench-upload-'));
const port = await freePort();
const admin = await runCreateAdmin(['--email', 'bench@example.com', '--first', 'Bench', '--last', 'Admin'], { DATA_DIR: dataDir, GROVE_ADMIN_PASSWORD: PASSWORD });
if (admin.code !== 0) throw new Error(admin.output);
const server = await startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' });
try {
  const login = await fetch(`${server.url}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench@example.com', password: PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, cookie: login.headers.getSetCookie().find((c) => c.startsWith('grove_fp='))!.split(';')[0]! };
  const pid = server.child.pid!;
  await upload(port, headers, 1); // warm-up

  const baseline = await peakGrowth(pid, async () => {
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}/api/Users/me`, { headers })).arrayBuffer();
  });
  let status = 0;
  const oversize = await peakGrowth(pid, async () => (status = await upload(port, headers, 60)));
  const row = (name: string, bytes: number) => `  ${name.padEnd(44)} ${(bytes / MB).toFixed(1).padStart(6)} MB`;
  console.log('\nServer RSS growth (peak during the run, same process):');
  console.log(row('baseline: 50 small API requests', baseline));
  console.log(row(`60 MB photo upload, refused at 20 MB (${status})`, oversize));
  console.log(`  upload growth − baseline: ${((oversize - baseline) / MB).toFixed(1)} MB for 60 MB sent (streamed: far below the upload size)\n`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
