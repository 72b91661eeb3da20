import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageThreadDetail } from '@grove/shared';
import { publishLiveEvent } from '../../live/publish.js';
import { createLiveHub } from '../../live/hub.js';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn, type TestUser } from '../../test/factories.js';
import { openEventStream, pause, type OpenStream, type StreamEvent } from '../../test/event-stream.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { resolveSession } from '../../http/authenticate.js';

/*
 * The event stream on one process, over real HTTP (both engines): who receives what, resume with
 * Last-Event-ID, internal notes, compression, the end of the session. The two-process fan-out on
 * PostgreSQL is in scale-out.test.ts.
 */
describe(`live events (${dbKind})`, () => {
  let ctx: TestContext;
  let base: string;
  let customerId: string;
  const people: Record<string, TestUser> = {};
  const as: Record<string, SignedIn> = {};
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const branch = await createBranch(ctx);
    const otherBranch = await createBranch(ctx);
    const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', branchId: branch.id, regionId: branch.regionId });
    const outsider = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
    const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id, name: 'Live Oak HOA' });
    const other = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId });
    customerId = customer.id;
    await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
    const pm = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Paula', lastName: 'Property' });
    const resident = await createUser(ctx, { roles: ['Resident'], firstName: 'Rita', lastName: 'Resident' });
    const otherPm = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Oscar', lastName: 'Elsewhere' });
    await linkCustomerUser(ctx, customer.id, pm.id, 'active', ['Property Manager']);
    await linkCustomerUser(ctx, customer.id, resident.id, 'active', ['Resident']);
    await linkCustomerUser(ctx, other.id, otherPm.id, 'active', ['Property Manager']);
    Object.assign(people, { manager, outsider, pm, resident, otherPm });
    for (const [name, user] of Object.entries(people)) as[name] = await signIn(ctx, user);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx.close();
  });

  async function open(who: string, headers: Record<string, string> = {}): Promise<OpenStream> {
    const stream = await openEventStream(`${base}/api/events`, { ...as[who]!, ...headers });
    streams.push(stream);
    expect(stream.status).toBe(200);
    // The stream is registered once its first bytes arrived.
    await pause(50);
    return stream;
  }

  const post = (who: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: as[who], payload });
  const messageIn = (threadId: string) => (event: StreamEvent) => event.data.type === 'message.created' && (event.data.subject as { id: string } | null)?.id === threadId;

  async function startThread(who: string): Promise<MessageThreadDetail> {
    const res = await post(who, '/api/Messages', { customerId, subject: 'Irrigation leak by the pool', text: 'Water is pooling near gate 2.' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MessageThreadDetail>();
  }

  it('needs a signed-in session, and a Last-Event-ID that is an event id', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    const res = await fetch(`${base}/api/events`, { headers: { ...as.pm!, 'last-event-id': 'yesterday' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors?: unknown; message: string }).message).toBeTruthy();
  });

  it('a new thread reaches the account manager within a second (message and notification), never an outsider or another customer', async () => {
    const manager = await open('manager');
    const outsider = await open('outsider');
    const otherPm = await open('otherPm');
    const resident = await open('resident');
    const sent = performance.now();
    const thread = await startThread('pm');
    const message = await manager.next(messageIn(thread.id), 1000);
    expect(message.receivedAt - sent).toBeLessThan(1000);
    expect(message.data).toMatchObject({ type: 'message.created', customerId, subject: { type: 'message_thread', id: thread.id } });
    expect(message.id).toBe(String(message.data.id));
    await manager.next((event) => event.data.type === 'notification.created', 1000);
    await pause(300);
    for (const stream of [outsider, otherPm, resident]) expect(stream.events).toEqual([]);
  });

  it('internal notes reach staff and never a customer user; public replies reach both', async () => {
    const thread = await startThread('pm');
    const manager = await open('manager');
    const pm = await open('pm');
    const note = await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'Crew says the valve is cracked', internal: true });
    expect(note.statusCode, note.body).toBeLessThan(300);
    await manager.next(messageIn(thread.id), 1000);
    const reply = await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'We will fix it Friday.' });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    await manager.next((event) => messageIn(thread.id)(event) && event !== manager.events.find(messageIn(thread.id)), 1000);
    await pm.next(messageIn(thread.id), 1000);
    await pause(200);
    const managerIds = manager.events.filter(messageIn(thread.id)).map((event) => Number(event.id));
    const pmIds = pm.events.filter(messageIn(thread.id)).map((event) => Number(event.id));
    expect(managerIds).toHaveLength(2);
    // The customer user got the reply only: the note's event (the lower id) never arrived.
    expect(pmIds).toEqual([Math.max(...managerIds)]);
  });

  it('resumes with Last-Event-ID: what was missed is replayed, still only what the user may see', async () => {
    const thread = await startThread('pm');
    const first = await open('pm');
    const manager = await open('manager');
    await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'Looking into it.' });
    const seen = await first.next(messageIn(thread.id), 1000);
    first.close();
    await pause(50);
    // While the property manager is away: an internal note, then an answer.
    await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'Internal: order a new valve', internal: true });
    await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'Valve ordered.' });
    await manager.next((event) => manager.events.filter(messageIn(thread.id)).length >= 3 && messageIn(thread.id)(event), 1000);
    const resumed = await open('pm', { 'last-event-id': seen.id! });
    const replayed = await resumed.next(messageIn(thread.id), 1000);
    await pause(200);
    const managerIds = manager.events.filter(messageIn(thread.id)).map((event) => Number(event.id));
    expect(Number(replayed.id)).toBe(Math.max(...managerIds));
    expect(resumed.events.filter(messageIn(thread.id))).toHaveLength(1);
    expect(resumed.events.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
  });

  it('is never compressed: with Accept-Encoding set, events still arrive at once', async () => {
    const stream = await open('manager', { 'accept-encoding': 'br, gzip, deflate' });
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/u);
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    const sent = performance.now();
    const thread = await startThread('pm');
    const event = await stream.next(messageIn(thread.id), 1000);
    expect(event.receivedAt - sent).toBeLessThan(1000);
  });

  it('ends when the session ends: logout closes that session’s streams', async () => {
    const session = await signIn(ctx, people.pm!);
    const stream = await openEventStream(`${base}/api/events`, { ...session });
    streams.push(stream);
    await pause(50);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/token/logout', headers: session });
    expect(logout.statusCode).toBeLessThan(300);
    await Promise.race([stream.ended, pause(2000).then(() => Promise.reject(new Error('stream still open 2 s after logout')))]);
  });

  it('ends when the user is deactivated', async () => {
    const temp = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Tess', lastName: 'Temp' });
    const session = await signIn(ctx, temp);
    const stream = await openEventStream(`${base}/api/events`, { ...session });
    streams.push(stream);
    await pause(50);
    const admin = await createUser(ctx, { roles: ['System Admin'] });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/Employees/${temp.id}/deactivate`, headers: await signIn(ctx, admin) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await Promise.race([stream.ended, pause(2000).then(() => Promise.reject(new Error('stream still open 2 s after deactivation')))]);
  });

  it('an event type no module declares is sent to no one', async () => {
    const stream = await open('manager');
    await publishLiveEvent(ctx.database.db, { type: 'nobody.declared', userIds: [people.manager!.id] });
    await pause(300);
    expect(stream.events.filter((event) => event.data.type === 'nobody.declared')).toEqual([]);
  });

  it('sends a heartbeat comment while idle, and checks sessions periodically', async () => {
    const hub = createLiveHub({ database: ctx.database, config: ctx.config, log: { warn: () => undefined, error: () => undefined } }, { heartbeatMs: 40, sessionCheckMs: 60 });
    await hub.start();
    const session = await signIn(ctx, people.manager!);
    const user = (await resolveSession(ctx.database.db, ctx.config, session.token, session.fingerprint))!;
    const server: Server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      void hub.open(user, request, response, null);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const stream = await openEventStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {});
      await pause(200);
      expect(stream.comments.filter((line) => line === 'keep-alive').length).toBeGreaterThanOrEqual(2);
      // Revoked without the announcement (another process, a database edit): the periodic check ends it.
      await ctx.database.db.execute(`update sessions set revoked_at = now() where id = '${session.sessionId}'`);
      await Promise.race([stream.ended, pause(1000).then(() => Promise.reject(new Error('stream still open after the periodic check')))]);
    } finally {
      await hub.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
