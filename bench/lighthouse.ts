/**
 * Lighthouse mobile performance of the built portal (issue 15 goal 1, decision 028): the real server
 * (compiled API + built web app, embedded database with demo data, NODE_ENV=production) on a free
 * port, Debian's chromium (CHROME_PATH, default /usr/bin/chromium) headless, Lighthouse's default
 * mobile settings (simulated slow 4G, mid-range phone CPU). `/login` signed out; `/customers` (staff)
 * and `/customerView/dashboard` (a property manager) signed in through the real sign-in screen, the
 * HTTP cache emptied before each run. Prints the median of RUNS (default 3) runs: score, LCP, TBT,
 * CLS, and what dominates each page: the LCP element, the main thread's largest script costs and the
 * long tasks. Run: `npm run build && npm run bench:lighthouse` (PAGES=/login,/customers and RUNS=1
 * narrow it; REPORTS=<dir> keeps every run's full Lighthouse JSON).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Grove-Demo-2026';
const REPORTS = process.env.REPORTS;

const CASES = [
  { path: '/login', user: null },
  { path: '/customers', user: 'executive@demo.grove.test' },
  { path: '/customerView/dashboard', user: 'property-manager@demo.grove.test' },
] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signIn(context: BrowserContext, base: string, user: string | null): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/login`);
  await page.evaluate(`(async () => {
    localStorage.clear();
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
    if (typeof caches !== 'undefined') for (const key of await caches.keys()) await caches.delete(key);
  })()`);
  await context.clearCookies();
  if (!user) return;
  await page.goto(`${base}/login`);
  await page.locator('input').first().fill(user);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto('about:blank');
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface Details {
  items?: Record<string, unknown>[];
}
const itemsOf = (lhr: Lhr, audit: string) => ((lhr.audits[audit]?.details as Details | undefined)?.items ?? []);
const file = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** What dominates a page (printed under its row, from the last run): LCP element, script costs, long tasks. */
function dominates(lhr: Lhr): string {
  const lines: string[] = [];
  const lcpItem = itemsOf(lhr, 'largest-contentful-paint-element')[0] as { items?: { node?: { snippet?: string } }[] } | undefined;
  const snippet = lcpItem?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`    LCP element: ${snippet.slice(0, 110)}`);
  const metric = (id: string) => `${id} ${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms`;
  lines.push(`    ${['first-contentful-paint', 'speed-index', 'interactive'].map(metric).join(', ')}`);
  const work = itemsOf(lhr, 'mainthread-work-breakdown').map((item) => `${String(item.groupLabel ?? item.group)} ${Math.round(Number(item.duration))}`);
  lines.push(`    main thread ms: ${work.join(', ')}`);
  const boot = itemsOf(lhr, 'bootup-time')
    .slice(0, 5)
    .map((item) => `${file(item.url).slice(-40)} ${Math.round(Number(item.total))} (eval ${Math.round(Number(item.scripting))})`);
  lines.push(`    scripts ms: ${boot.join('; ')}`);
  const tasks = itemsOf(lhr, 'long-tasks')
    .slice(0, 6)
    .map((item) => `${Math.round(Number(item.duration))}@${Math.round(Number(item.startTime))} ${file(item.url).slice(-30)}`);
  lines.push(`    long tasks: ${tasks.join('; ')}`);
  const requests = itemsOf(lhr, 'network-requests');
  const bytes = (type: string) => requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  lines.push(`    ${requests.length} requests; script ${Math.round(bytes('Script') / 1000)} KB, css ${Math.round(bytes('Stylesheet') / 1000)} KB, fetch ${Math.round((bytes('Fetch') + bytes('XHR')) / 1000)} KB`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(join(root, 'apps/api/dist/main.js'))) {
    console.error('Build first: npm run build');
    return 1;
  }
  const port = await freePort();
  const debuggingPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grove-lighthouse-'));
  const profile = mkdtempSync(join(tmpdir(), 'grove-lighthouse-profile-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true', PUBLIC_URL: base, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' },
  });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    // A first visit: no service worker may serve the files or precache the app during a run.
    serviceWorkers: 'block',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 240) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`Lighthouse mobile (default throttling), median of ${RUNS} runs, chromium ${context.browser()?.version() ?? ''}`);
    console.log('page                        score   LCP ms   TBT ms    CLS');
    const only = process.env.PAGES?.split(',');
    for (const { path, user } of CASES.filter((entry) => !only || only.includes(entry.path))) {
      await signIn(context, base, user);
      const runs: { score: number; lcp: number; tbt: number; cls: number }[] = [];
      let last: Lhr | undefined;
      // A run that Lighthouse could not record (e.g. NO_NAVSTART on a busy machine) is repeated, twice at most.
      for (let run = 0; runs.length < RUNS && run < RUNS + 2; run++) {
        const cdp = await context.newCDPSession(context.pages()[0]!);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        // Storage is kept (the session); the HTTP cache was emptied above: a first visit, signed in.
        const result = await lighthouse(`${base}${path}`, { port: debuggingPort, onlyCategories: ['performance'], disableStorageReset: true, output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(join(REPORTS, `${path.replace(/\W+/g, '_')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        last = lhr;
        if (lhr.runtimeError) {
          console.log(`  ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          continue;
        }
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      const row = { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) };
      console.log(
        `${path.padEnd(26)} ${String(row.score).padStart(6)} ${row.lcp.toFixed(0).padStart(8)} ${row.tbt.toFixed(0).padStart(8)} ${row.cls.toFixed(3).padStart(6)}   runs: ${runs.map((r) => r.score).join(', ')}`,
      );
      if (last) console.log(dominates(last));
    }
    return 0;
  } finally {
    await context.close();
    server.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
