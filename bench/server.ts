/**
 * The benchmarked server, started as in production (issue 15 goal 4): the compiled bundle
 * (`npm run build` first), `node apps/api/dist/main.js`, NODE_ENV=production, in a process of its
 * own, and signed in over HTTP as a browser is. Shared by `bench/load.ts` and `bench/report-scale.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Grove-Demo-2026';
export const TOKEN_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  base: string;
}

export interface StartOptions {
  port: number;
  /** Another compiled main.js (BENCH_SERVER), e.g. main's build beside the branch's. */
  main?: string;
  /** Modules preloaded with `--import` (file URLs). */
  preload?: string[];
  /** More node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (BENCH_NODE_ARGS). */
  nodeArgs?: string[];
  /** Environment on top of the production defaults (DATABASE_URL, DEMO_DATA, …). */
  env?: Record<string, string>;
}

/** Exits with a hint when the bundle has not been built. */
export function requireBuild(main = join(ROOT, 'apps/api/dist/main.js')): string {
  if (!existsSync(main)) {
    console.error(`${main} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  return main;
}

export async function startServer(options: StartOptions): Promise<BenchServer> {
  const main = requireBuild(options.main);
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'grove-bench-'));
  const args = [...(options.nodeArgs ?? []), ...(options.preload ?? []).flatMap((url) => ['--import', url]), main];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TOKEN_SECRET,
      DEMO_PASSWORD: PASSWORD,
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // Generous: a first start on a fresh scale data set runs the migrations (backfills included).
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, pid: child.pid!, base };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready');
}

export async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/** Authorization and cookie headers of a signed-in session (the token is bound to the fingerprint cookie). */
export async function signIn(server: BenchServer, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Record<string, string>;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { authorization: `Bearer ${body.access_token ?? body.accessToken ?? body.token}`, cookie };
}

/** The server's resident memory in MiB. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc, 100 ticks a second). */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process has ended
  }
}
