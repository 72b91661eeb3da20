/**
 * Decision 036: responses are written by fast-json-stringify code compiled from the endpoint's zod
 * response schema. The schema stays the list of fields that go out (a column a handler returns by
 * mistake never leaves), and outside production zod checks every answer and the compiled output
 * must be the same JSON value as zod's.
 */
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer.js';

const user = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string().nullable(),
  roles: z.array(z.enum(['Admin', 'Staff'])),
  manager: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  count: z.number().int(),
  note: z.string().optional(),
});
const row = {
  id: '6f1c1a57-0000-4000-8000-000000000001',
  name: 'Ann "the gardener" \u2028 Lee',
  title: null,
  roles: ['Admin'],
  manager: { id: '6f1c1a57-0000-4000-8000-000000000002', name: 'Bo', passwordHash: 'manager-secret' },
  lastLoginAt: '2026-11-24T10:00:00.000Z',
  count: 3,
  // A column the schema does not name: must never go out.
  passwordHash: 'argon2id$secret',
};

async function appWith(check: boolean, answer: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializer({ check }));
  app.get('/user', { schema: { response: { 200: user } } }, async () => answer);
  app.get('/legacy', { schema: { response: { 200: z.object({ at: z.date() }) } } }, async () => ({ at: new Date(0), extra: 1 }));
  await app.ready();
  return app;
}

const apps: Awaited<ReturnType<typeof appWith>>[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

describe.each([true, false])('response serializer (check: %s)', (check) => {
  it('writes the fields the schema names and nothing else, as zod would', async () => {
    const app = await appWith(check, row);
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('secret');
    const { passwordHash: _hidden, manager, ...rest } = row;
    expect(res.json()).toEqual({ ...rest, manager: { id: manager.id, name: manager.name } });
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(user.parse(row))));
  });

  it('keeps zod for a schema JSON Schema cannot express (a transform), whitelist included', async () => {
    const app = await appWith(check, row);
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/legacy' });
    expect(res.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});

describe('outside production', () => {
  it('refuses an answer that does not match its schema', async () => {
    const app = await appWith(true, { ...row, count: 'three' });
    apps.push(app);
    expect((await app.inject({ method: 'GET', url: '/user' })).statusCode).toBe(500);
  });
});
