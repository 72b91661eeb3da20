import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startRecordedWeatherServer } from '../apps/api/src/test/recorded-weather-server.js';
import { startMailCatcher } from './mail-catcher.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailURL: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Grove exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Grove did not become ready at ${url}`);
}

/**
 * Starts the real portal once for the end-to-end project: the built web app, a fresh embedded
 * database with demo data, and a real SMTP server whose mail the tests can read.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  // The server runs as in production: compiled JavaScript. Compiling takes about a second, so it is
  // done every run and an API change is never tested against a stale bundle.
  const compile = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (compile.status !== 0) throw new Error('Compiling the API failed (apps/api/build.mjs).');
  const mail = await startMailCatcher();
  // Weather comes from a local server with a recorded Open-Meteo answer: no test reaches the internet.
  const weather = await startRecordedWeatherServer();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grove-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      LOG_LEVEL: 'warn',
      WEATHER_API_URL: weather.url,
    },
  });
  try {
    // Seeding the demo data (drawn photos and PDFs included) takes about a minute on an idle 2-core
    // machine and several under load; the wait is a ceiling, not a pace.
    await waitForReady(baseURL, child, 360_000);
  } catch (error) {
    child.kill('SIGKILL');
    await mail.close();
    await weather.close();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('mailURL', mail.httpUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mail.close();
    await weather.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
