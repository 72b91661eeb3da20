import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * The real server as a child process (`tsx src/main.ts`), for fault tests: locks, crashes and
 * signals only mean something across processes.
 */

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
const createAdminScript = fileURLToPath(new URL('../cli/create-admin.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    TOKEN_SECRET: 'fault-test-secret-0123456789abcdef0123456789',
    ...env,
  };
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

function exitOf(child: ChildProcess): ServerProcess['exited'] {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts `main.ts` with `env` (PORT and DATA_DIR at least); does not wait for it. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: collect(child), exited: exitOf(child) };
}

/** Waits until /readyz answers 200; fails when the process exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early (${server.child.exitCode ?? server.child.signalCode}): ${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms: ${server.output()}`);
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env);
  await waitUntilReady(server);
  return server;
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** Runs `create-admin` and resolves with its exit code and output. */
export async function runCreateAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', createAdminScript, ...args], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const { code } = await exitOf(child);
  return { code, output: output() };
}
