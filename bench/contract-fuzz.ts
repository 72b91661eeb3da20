/**
 * `npm run bench:fuzz`: the contract fuzz test (apps/api/src/http/contract-fuzz.test.ts) with a big
 * budget and a fresh seed, on both engines. Prints the seed (rerun a failure with FUZZ_SEED=…),
 * the number of generated requests and the time taken. FUZZ_RUNS overrides the budget (default 300
 * per route; CI runs 6 with a fixed seed).
 */
import { spawnSync } from 'node:child_process';

const runs = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const started = performance.now();
console.log(`contract fuzz: ${runs} runs per route, seed ${seed}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api-pglite', '--project', 'api-postgres', 'apps/api/src/http/contract-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
});
const seconds = (performance.now() - started) / 1000;
console.log(`\n  seed ${seed}: about ${runs} requests × every route × 2 engines in ${seconds.toFixed(0)} s — ${result.status === 0 ? 'no 5xx, every 4xx in the error shape' : 'FAILED (see above)'}\n`);
process.exit(result.status ?? 1);
