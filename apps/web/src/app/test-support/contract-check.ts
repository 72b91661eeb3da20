/* Test-only: checks a fake answer of the fake fetch against the endpoint contract of `@grove/shared`. */
import { z } from 'zod';
import * as shared from '@grove/shared';
import { errorResponseSchema, fileAnswerOf, jsonAnswer, type Endpoint } from '@grove/shared';

/**
 * URLs the app fetches that are not an endpoint of the contract, with the reason (the API keeps the
 * same list in `apps/api/src/http/endpoint-contract.test.ts`). Keep it short.
 */
export const NOT_AN_ENDPOINT: Readonly<Record<string, string>> = {
  'GET /api/events': 'the live event stream (server-sent events, decision 013), not one JSON answer',
};

interface Declared {
  name: string;
  endpoint: Endpoint;
  pattern: RegExp;
  /** Literal path segments: the more, the more specific (`/api/Employees/export` beats `/api/Employees/:id`). */
  literals: number;
}

function compile(name: string, endpoint: Endpoint): Declared {
  const segments = endpoint.path.split('/');
  const source = segments.map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return { name, endpoint, pattern: new RegExp(`^${source}$`), literals: segments.filter((segment) => !segment.startsWith(':')).length };
}

/** Every endpoint of every `…_ENDPOINTS` table the shared package exports. */
const DECLARED: readonly Declared[] = Object.entries(shared)
  .filter(([table]) => table.endsWith('_ENDPOINTS'))
  .flatMap(([table, endpoints]) => Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => compile(`${table}.${name}`, endpoint)));

export interface MatchedEndpoint {
  name: string;
  endpoint: Endpoint;
  params: Record<string, string>;
}

/** The declaration a request is for (method and path pattern), the most specific when several match. */
export function matchEndpoint(method: string, pathname: string): MatchedEndpoint | undefined {
  let best: { declared: Declared; params: Record<string, string> } | undefined;
  for (const declared of DECLARED) {
    if (declared.endpoint.method !== method) continue;
    const found = declared.pattern.exec(pathname);
    if (!found) continue;
    if (best && best.declared.literals >= declared.literals) continue;
    const params = Object.fromEntries(Object.entries(found.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]));
    best = { declared, params };
  }
  return best && { name: best.declared.name, endpoint: best.declared.endpoint, params: best.params };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('\n');
}

function check(label: string, schema: z.ZodType | undefined, value: unknown): string[] {
  if (!schema) return [];
  const parsed = z.safeParse(schema, value);
  return parsed.success ? [] : [`${label} does not match its schema:\n${describeIssues(parsed.error.issues)}`];
}

/** The query as Fastify hands it to the schema: one string per name, a list when a name repeats. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** What the request sends that its declaration refuses: params, query and JSON body. */
export function checkRequest(matched: MatchedEndpoint, url: URL, body: unknown, isForm: boolean): string[] {
  const { endpoint, params } = matched;
  return [
    ...check('the path parameters', endpoint.params, params),
    ...check('the query', endpoint.query, queryObject(url)),
    ...(endpoint.upload || isForm ? [] : check('the request body', endpoint.body, body ?? undefined)),
  ];
}

/** The status a success answer of the endpoint has. */
export function declaredStatus(endpoint: Endpoint): number {
  const json = jsonAnswer(endpoint.response);
  return !json && !fileAnswerOf(endpoint.response) ? 204 : (endpoint.status ?? 200);
}

/** What a fake answer gets wrong: its success status or body versus the declaration, or an error body's shape. */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): string[] {
  if (status >= 400) return check(`the ${status} answer`, endpoint.errors?.[status] ?? errorResponseSchema, body);
  if (status >= 300) return [];
  const expected = declaredStatus(endpoint);
  if (status !== expected) return [`answers ${status}, the endpoint answers ${expected} on success`];
  if (expected === 204) return body === undefined || body === null ? [] : ['answers a body, the endpoint answers 204 with none'];
  const json = jsonAnswer(endpoint.response);
  // A file answer (CSV, PDF, stored file): the fake answers JSON bytes the screen never parses.
  return json ? check('the answer', json, body) : [];
}
