import { afterEach, describe, expect, it, vi } from 'vitest';
import { employeeSchema } from '@grove/shared';
import { installFakeFetch, takeFakeFetchProblems } from './fake-fetch';
import { matchEndpoint } from './contract-check';
import { sample } from './sample';

const ID = '00000000-0000-4000-8000-000000000042';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) });
  return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) };
}

describe('the fake fetch checks fakes against the endpoint contract', () => {
  it('matches a request to its declaration, the literal path before a parameter', () => {
    expect(matchEndpoint('GET', `/api/Employees/${ID}`)?.name).toBe('EMPLOYEES_ENDPOINTS.detail');
    expect(matchEndpoint('PUT', `/api/Employees/${ID}`)?.params).toEqual({ id: ID });
    expect(matchEndpoint('GET', '/api/ServiceRequests/map')?.name).toBe('SERVICE_REQUESTS_ENDPOINTS.map');
    expect(matchEndpoint('DELETE', '/api/Employees')).toBeUndefined();
  });

  it('passes a valid fake through, with the endpoint’s success status', async () => {
    const employee = sample(employeeSchema, { id: ID, firstName: 'Mia' });
    installFakeFetch(({ method }) => (method === 'POST' ? { body: employee } : undefined));
    const created = await send('POST', '/api/Employees', { email: 'mia@example.test', firstName: 'Mia', lastName: 'Moss', roles: ['Executive'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(employee);
    expect(takeFakeFetchProblems()).toEqual([]);
  });

  it('fails on an answer that breaks the response schema, naming the endpoint and the issues', async () => {
    installFakeFetch(() => ({ body: { ...sample(employeeSchema), id: 'not-a-uuid', firstName: 42 } }));
    const answer = await send('GET', `/api/Employees/${ID}`);
    expect(answer.status).toBe(500);
    const [problem, ...rest] = takeFakeFetchProblems();
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^GET \/api\/Employees\/.+ \(EMPLOYEES_ENDPOINTS\.detail\): the answer does not match its schema/);
    expect(problem).toMatch(/- id: Invalid UUID/);
    expect(problem).toMatch(/- firstName: Invalid input: expected string, received number/);
  });

  it('fails on a request body the endpoint refuses, before the fake answers', async () => {
    const handler = vi.fn(() => ({ body: sample(employeeSchema) }));
    installFakeFetch(handler);
    await send('POST', '/api/Employees', { firstName: 'Mia' });
    expect(handler).not.toHaveBeenCalled();
    expect(takeFakeFetchProblems().join('\n')).toMatch(/EMPLOYEES_ENDPOINTS\.create\): the request body does not match its schema:\n {2}- email: /);
  });

  it('fails on a URL no endpoint declares, on a wrong success status and on an error body without a message', async () => {
    installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Employees') return { status: 200, body: sample(employeeSchema) };
      if (url.pathname.startsWith('/api/Employees/')) return { status: 400, body: { errors: { email: ['taken'] } } };
      return { body: {} };
    });
    await send('GET', '/api/Employes');
    await send('POST', '/api/Employees', { email: 'mia@example.test', firstName: 'Mia', lastName: 'Moss', roles: ['Executive'] });
    await send('PUT', `/api/Employees/${ID}`, { firstName: 'Mia' });
    const problems = takeFakeFetchProblems();
    expect(problems[0]).toBe('GET /api/Employes (undeclared): no endpoint of @grove/shared has this method and path');
    expect(problems[1]).toBe('POST /api/Employees (EMPLOYEES_ENDPOINTS.create): answers 200, the endpoint answers 201 on success');
    expect(problems[2]).toMatch(/EMPLOYEES_ENDPOINTS\.update\): the 400 answer does not match its schema:\n {2}- message: /);
    expect(problems).toHaveLength(3);
  });

  it('lets the listed non-endpoints through (the live event stream)', async () => {
    installFakeFetch(() => ({ status: 204 }));
    expect((await send('GET', '/api/events')).status).toBe(204);
    expect(takeFakeFetchProblems()).toEqual([]);
  });
});
