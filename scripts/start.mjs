#!/usr/bin/env node
// `npm start`: builds the web app and the API when a build is missing or older than its sources,
// then runs the compiled API, which serves the web app on the same port. Everything else comes
// from the environment.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = join(root, 'apps/web/dist/index.html');
const apiMain = join(root, 'apps/api/dist/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Runs `npm run <script>` when `output` is missing or older than any of `sources`. */
function buildWhenStale(label, script, output, sources) {
  const paths = sources.map((p) => join(root, p));
  const sourceTime = Math.max(...paths.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
  if (existsSync(output) && statSync(output).mtimeMs >= sourceTime) return;
  console.log(`Building ${label}…`);
  const build = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildWhenStale('the web app', 'build:web', distIndex, ['apps/web/src', 'apps/web/index.html', 'packages/shared/src']);
// Production runs compiled JavaScript, not a TypeScript loader (apps/api/build.mjs).
buildWhenStale('the API', 'build:api', apiMain, ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src']);

// Production refuses to start without PUBLIC_URL (links in emails must not follow the Host
// header); without one, `npm start` is a local or demo run and says so.
const nodeEnv = process.env.NODE_ENV || (process.env.PUBLIC_URL ? 'production' : 'development');
if (nodeEnv !== 'production' && !process.env.NODE_ENV) {
  console.log('No PUBLIC_URL set: running as a local install (set PUBLIC_URL, e.g. https://portal.example.com, for a real one).');
}
const server = spawn(process.execPath, ['--enable-source-maps', apiMain], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: nodeEnv },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
