import type { BrowserContext, Page, Request, Response } from 'playwright-core';

/**
 * Issue 17 §12: an end-to-end test fails on a console error or an unexpected 4xx/5xx answer on any
 * screen it visits. Every page opened through `newPage` reports here; `e2e/guard-setup.ts` checks the
 * list after each test. A test that provokes an error on purpose (a wrong password, a refused link)
 * says so with `expectProblem`, naming what it expects.
 */
export interface Problem {
  kind: 'console' | 'pageerror' | 'response';
  text: string;
}

const problems: Problem[] = [];
const expected = new Set<RegExp>();

/** Lets the current test meet a problem matching `pattern` (cleared after the test). */
export function expectProblem(pattern: RegExp): void {
  expected.add(pattern);
}

export function watchContext(context: BrowserContext): void {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
}

/** Requests each page has in flight, but the live event stream, which stays open as long as the page. */
const inFlight = new WeakMap<Page, Set<Request>>();
const isStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

/**
 * Waits until the page has had no request in flight (the live event stream aside) for `quietMs`.
 * Playwright's `networkidle` never comes while the event stream is open.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = inFlight.get(page) ?? new Set<Request>();
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - started < timeoutMs) {
    await page.waitForTimeout(100);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
  throw new Error(`Still loading after ${timeoutMs} ms: ${[...pending].map((request) => request.url()).join(', ')}`);
}

function watchPage(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (!isStream(request)) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser logs every failed load too; those are judged by their response below.
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push({ kind: 'console', text: `${page.url()}: ${message.text()}` });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${page.url()}: ${error.message}` }));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push({ kind: 'response', text: describe(response) });
  });
}

function describe(response: Response): string {
  const url = new URL(response.url());
  return `${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`;
}

/** The problems of the test that just ran that nobody expected; resets for the next test. */
export function takeUnexpectedProblems(): Problem[] {
  const unexpected = problems.filter((problem) => ![...expected].some((pattern) => pattern.test(problem.text)));
  problems.length = 0;
  expected.clear();
  return unexpected;
}
