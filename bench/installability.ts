/**
 * Installability of the built web app (issue 16, decision 019), as chromium judges it: the real
 * server (compiled API + built web app, empty embedded database, no demo data) is started on a free
 * port, Debian's chromium opens it, and the script prints
 *   - Chrome DevTools Protocol `Page.getInstallabilityErrors` (empty = installable),
 *   - `Page.getAppManifest` parse errors and the manifest's fields and icons,
 *   - whether the service worker took control and the app shell opens with the network cut off,
 *   - the headers the worker and the manifest are served with.
 * Exits 1 when anything fails. Run: `npm run build && npm run bench:installability`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function main(): Promise<number> {
  if (!existsSync(join(root, 'apps/web/dist/sw.js')) || !existsSync(join(root, 'apps/api/dist/main.js'))) {
    console.error('Build first: npm run build');
    return 1;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grove-installability-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'false', PUBLIC_URL: base, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' },
  });
  // A persistent profile: chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(join(tmpdir(), 'grove-installability-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 375, height: 740 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  let failed = false;
  const check = (ok: boolean, text: string) => {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
    if (!ok) failed = true;
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 480) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // (Strings: this script is type-checked without the DOM library.)
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload({ waitUntil: 'networkidle' });
    const controlled = (await page.evaluate('navigator.serviceWorker.controller !== null')) === true;

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string; critical: number }[]; data?: string };
    const parsed = manifest.data ? (JSON.parse(manifest.data) as Record<string, unknown>) : {};
    const icons = (parsed.icons ?? []) as { src: string; sizes: string; purpose?: string }[];

    console.log(`Grove installability — ${base} (chromium ${context.browser()?.version() ?? await page.evaluate('navigator.userAgent')})\n`);
    console.log(`Page.getInstallabilityErrors: ${installabilityErrors.length === 0 ? '[] (installable)' : JSON.stringify(installabilityErrors)}`);
    console.log(`Page.getAppManifest: ${manifest.url}, ${manifest.errors.length} parse errors${manifest.errors.length ? `: ${JSON.stringify(manifest.errors)}` : ''}`);
    console.log(`  name=${String(parsed.name)} short_name=${String(parsed.short_name)} start_url=${String(parsed.start_url)} display=${String(parsed.display)} theme_color=${String(parsed.theme_color)}`);
    console.log(`  icons: ${icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).join(', ')}\n`);

    check(installabilityErrors.length === 0, 'no installability errors');
    check(manifest.errors.length === 0, 'manifest parses without errors');
    check(parsed.display === 'standalone' && parsed.start_url === '/' && typeof parsed.theme_color === 'string', 'standalone, start URL /, theme colour');
    check(['192x192', '512x512'].every((size) => icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').includes('any'))), 'icons 192 and 512 px');
    check(icons.some((icon) => icon.purpose?.includes('maskable')), 'a maskable icon');
    for (const icon of icons) {
      const res = await fetch(new URL(icon.src, base));
      check(res.ok && res.headers.get('content-type') === 'image/png', `icon ${icon.src} is served as a PNG`);
    }
    check(controlled, 'the service worker controls the page');

    const sw = await fetch(`${base}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    console.log(`\n/sw.js: ${sw.status} content-type=${sw.headers.get('content-type')} cache-control=${sw.headers.get('cache-control')} content-encoding=${sw.headers.get('content-encoding')}`);
    check(sw.headers.get('cache-control') === 'no-cache', 'the worker is revalidated on every visit');
    const webmanifest = await fetch(`${base}/manifest.webmanifest`);
    check((webmanifest.headers.get('content-type') ?? '').startsWith('application/manifest+json'), 'the manifest is served as application/manifest+json');

    // The app shell with the network cut off.
    await context.setOffline(true);
    await page.goto(`${base}/login`);
    const shell = await page
      .getByRole('button', { name: /sign in/i })
      .waitFor({ state: 'visible', timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    check(shell, 'the app opens with no network (sign-in screen from the service worker)');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? '\nNot installable: see FAIL lines.' : '\nInstallable.');
  return failed ? 1 : 0;
}

process.exitCode = await main();
