// Preloaded into the benchmarked server (`node --import ./bench/loop-delay.mjs apps/api/dist/main.js`):
// measures how long the event loop waits (perf_hooks monitorEventLoopDelay: a 5 ms timer, whose
// interval is subtracted, so an idle loop shows about 0). On
// SIGUSR2 it writes the figures since the previous SIGUSR2 to BENCH_LOOP_FILE as JSON and starts
// over, so bench/load.ts reads them per case. Not part of the server; only the bench loads it.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LOOP_FILE;
if (file && isMainThread) {
  const RESOLUTION_MS = 5;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  process.on('SIGUSR2', () => {
    const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean) };
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    // renamed: the reader never sees half a file
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
