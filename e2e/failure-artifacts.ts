import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Issue 8 §6: an end-to-end failure leaves a Playwright trace (open it with
 * `npx playwright show-trace <zip>` or trace.playwright.dev) and a screenshot of every page that was
 * open, in `test-results/e2e/<file> - <test>/`. Every browser context records a trace; after each
 * test the chunk is kept when the test failed and dropped when it passed.
 */
const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'grove-e2e-artifacts-'));
const open = new Set<BrowserContext>();
/** Chunks saved by contexts closed during the running test, waiting for its outcome. */
let pending: string[] = [];
let serial = 0;

const nextPath = (suffix: string) => join(scratch, `${++serial}-${suffix}`);

async function saveChunk(context: BrowserContext): Promise<void> {
  const pages = context.pages().filter((page) => !page.isClosed());
  for (const [i, page] of pages.entries()) {
    const path = nextPath(`page-${i + 1}.png`);
    // A page that hangs must not hang the test's teardown.
    if (await page.screenshot({ path, timeout: 5_000 }).then(() => true, () => false)) pending.push(path);
  }
  const trace = nextPath('trace.zip');
  if (await context.tracing.stopChunk({ path: trace }).then(() => true, () => false)) pending.push(trace);
}

async function record(context: BrowserContext): Promise<void> {
  // DOM snapshots and network, no screencast: enough to replay a failure, cheap enough to keep on.
  await context.tracing.start({ snapshots: true, screenshots: false });
  await context.tracing.startChunk();
  open.add(context);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (open.delete(context)) await saveChunk(context);
    return close(options);
  };
}

/** Makes every context of `browser` record a trace (call once, right after launching). */
export function recordContexts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await record(context);
    return context;
  };
  return browser;
}

const safe = (text: string) => text.replace(/[^\p{L}\p{N} ._-]+/gu, '-').slice(0, 120);

/**
 * After each test: on failure, moves the trace chunks and screenshots of every context (open or
 * closed during the test) to `test-results/e2e/<file> - <test>/`; on success, drops them.
 */
export async function settleArtifacts(failed: boolean, file: string, test: string): Promise<string | null> {
  for (const context of open) {
    if (failed) await saveChunk(context);
    else await context.tracing.stopChunk().catch(() => undefined);
    await context.tracing.startChunk().catch(() => open.delete(context));
  }
  const taken = pending;
  pending = [];
  if (!failed || taken.length === 0) {
    for (const path of taken) rmSync(path, { force: true });
    return null;
  }
  const dir = join(root, 'test-results', 'e2e', safe(`${basename(file)} - ${test}`));
  mkdirSync(dir, { recursive: true });
  // Copy, then remove: the scratch folder may be on another file system.
  for (const path of taken) {
    copyFileSync(path, join(dir, basename(path)));
    rmSync(path, { force: true });
  }
  return dir;
}

/** Removes the scratch folder (artifacts of failures were copied out of it). */
export function dropScratch(): void {
  rmSync(scratch, { recursive: true, force: true });
}
