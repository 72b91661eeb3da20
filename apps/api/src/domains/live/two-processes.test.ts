import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageThreadDetail } from '@grove/shared';
import { loadConfig, type Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn } from '../../test/factories.js';
import { openEventStream, pause, type OpenStream, type StreamEvent } from '../../test/event-stream.js';
import { freePort, startServer, stopServer, type ServerProcess } from '../../test/server-process.js';
import { createPostgresDatabase, dbKind } from '../../test/test-app.js';

/*
 * Live events across processes (issue 13): two API processes (separate OS processes) on one
 * PostgreSQL database. A change written through one reaches a permitted user's stream on the other
 * within a second (LISTEN/NOTIFY carries only the event id; each process re-checks scope), and never
 * a user outside the customer's scope or, for internal notes, a customer user.
 */
describe.runIf(dbKind === 'postgres')('live events on two API processes, one PostgreSQL database', () => {
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let config: Config;
  const dataDirs: string[] = [];
  const streams: OpenStream[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let customerId: string;
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    database = await openDatabase({ databaseUrl: pg.url });
    await database.migrate();
    const secret = randomBytes(32).toString('hex');
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'grove-live-'));
      dataDirs.push(dataDir);
      return startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: pg.url, TOKEN_SECRET: secret, SHUTDOWN_DRAIN_SECONDS: '0', WEB_DIST: join(dataDir, 'no-web') });
    };
    [a, b] = await Promise.all([start(), start()]);
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDirs[0]!, TOKEN_SECRET: secret, DATABASE_URL: pg.url, DEMO_DATA: 'false' });

    const db = database.db;
    const branch = await createBranch(db);
    const otherBranch = await createBranch(db);
    const manager = await createUser(db, { roles: ['Account Manager'], firstName: 'Ada', lastName: 'Account', branchId: branch.id, regionId: branch.regionId });
    const outsider = await createUser(db, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
    const customer = await createCustomer(db, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id });
    const other = await createCustomer(db, { branchId: otherBranch.id, regionId: otherBranch.regionId });
    customerId = customer.id;
    await addTeamMember(db, customer.id, manager.id, 'Account Manager');
    const pm = await createUser(db, { roles: ['Property Manager'], firstName: 'Pia', lastName: 'Property' });
    const otherPm = await createUser(db, { roles: ['Property Manager'], firstName: 'Olga', lastName: 'Other' });
    await linkCustomerUser(db, customer.id, pm.id, 'active', ['Property Manager']);
    await linkCustomerUser(db, other.id, otherPm.id, 'active', ['Property Manager']);
    for (const [name, user] of Object.entries({ manager, outsider, pm, otherPm })) as[name] = await signIn({ database, config }, user);
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a, b].filter(Boolean).map((api) => stopServer(api)));
    await database?.close();
    await pg?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function open(api: ServerProcess, who: string, headers: Record<string, string> = {}): Promise<OpenStream> {
    const stream = await openEventStream(`${api.url}/api/events`, { ...as[who]!, ...headers });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await pause(50);
    return stream;
  }
  const post = async (api: ServerProcess, who: string, path: string, body: object) => {
    const res = await fetch(`${api.url}${path}`, { method: 'POST', headers: { ...as[who]!, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res;
  };
  const messageIn = (threadId: string) => (event: StreamEvent) => event.data.type === 'message.created' && (event.data.subject as { id: string } | null)?.id === threadId;

  it('a thread written on one process reaches the account manager on the other within a second, and no one outside the scope', async () => {
    const managerOnB = await open(b, 'manager');
    const outsiderOnA = await open(a, 'outsider');
    const outsiderOnB = await open(b, 'outsider');
    const otherPmOnB = await open(b, 'otherPm');
    const sent = performance.now();
    const thread = (await (await post(a, 'pm', '/api/Messages', { customerId, subject: 'Dead shrubs at the entrance', text: 'Three of them.' })).json()) as MessageThreadDetail;
    const event = await managerOnB.next(messageIn(thread.id), 1000);
    expect(event.receivedAt - sent).toBeLessThan(1000);
    await managerOnB.next((e) => e.data.type === 'notification.created', 1000);
    await pause(400);
    expect([...outsiderOnA.events, ...outsiderOnB.events, ...otherPmOnB.events]).toEqual([]);
  });

  it('an internal note written on one process reaches staff on both and the customer user on neither', async () => {
    const thread = (await (await post(b, 'pm', '/api/Messages', { customerId, subject: 'Sprinkler schedule', text: 'Can we water earlier?' })).json()) as MessageThreadDetail;
    const pmOnA = await open(a, 'pm');
    const pmOnB = await open(b, 'pm');
    const managerOnA = await open(a, 'manager');
    await post(b, 'manager', `/api/Messages/${thread.id}/replies`, { text: 'Timer is broken, do not promise anything yet', internal: true });
    await managerOnA.next(messageIn(thread.id), 1000);
    await pause(400);
    expect([...pmOnA.events, ...pmOnB.events].filter(messageIn(thread.id))).toEqual([]);
    // Resuming from before the note replays nothing of it either.
    const resumed = await open(b, 'pm', { 'last-event-id': String(Number(managerOnA.events.find(messageIn(thread.id))!.id) - 1) });
    await pause(300);
    expect(resumed.events.filter(messageIn(thread.id))).toEqual([]);
  });

  it('a logout on one process ends the session’s stream on the other', async () => {
    const session = await signIn({ database, config }, { id: (await createUser(database.db, { roles: ['Executive'] })).id });
    const stream = await openEventStream(`${b.url}/api/events`, { ...session });
    streams.push(stream);
    await pause(50);
    const res = await fetch(`${a.url}/api/token/logout`, { method: 'POST', headers: { ...session } });
    expect(res.status).toBeLessThan(300);
    await Promise.race([stream.ended, pause(2000).then(() => Promise.reject(new Error('stream on the other process still open 2 s after logout')))]);
  });
});
