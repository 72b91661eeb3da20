import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../components/ui/test-providers';
import { backoffMs, connectLiveEvents, invalidateFor, LIVE_QUERY_ROOTS, parseFrames, type LiveEvent } from './live-stream';
import { resetSessionForTests, signIn } from './session-store';
import { fakeToken } from './test-support/fake-fetch';

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A response whose body the test writes frame by frame. */
function streamResponse(): { response: Response; push(text: string): void; end(): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('live events', () => {
  it('splits a stream into frames, across chunk boundaries, skipping comments', () => {
    const first = parseFrames('retry: 3000\n: connected\n\nid: 7\ndata: {"id":7,"type":"message.created"}\n\nid: 8\nda');
    expect(first.frames).toEqual([{ id: '7', event: 'message', data: '{"id":7,"type":"message.created"}' }]);
    const second = parseFrames(`${first.rest}ta: {}\n\n: keep-alive\n\nid: 9\nevent: reset\ndata: {}\n\n`);
    expect(second.frames).toEqual([
      { id: '8', event: 'message', data: '{}' },
      { id: '9', event: 'reset', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 30000]);
    expect(backoffMs(0, () => 0)).toBe(750);
    expect(backoffMs(0, () => 1)).toBe(1250);
  });

  it('names the same query-key roots as the features whose caches it invalidates', async () => {
    const [{ notificationKeys }, { customerKeys }, { messageKeys }, { requestKeys }, { reportKeys }, { proposalKeys }] = await Promise.all([
      import('../entities/notifications'),
      import('../entities/customers'),
      import('../features/messages/api/messages-api'),
      import('../features/service-requests/api/requests-api'),
      import('../features/orange-reports/api/reports-api'),
      import('../features/proposals/api/proposals-api'),
    ]);
    expect(LIVE_QUERY_ROOTS.notifications).toEqual(notificationKeys.all);
    expect(LIVE_QUERY_ROOTS.customers).toEqual(customerKeys.all);
    expect(LIVE_QUERY_ROOTS.messages).toEqual(messageKeys.all);
    expect(LIVE_QUERY_ROOTS.serviceRequests).toEqual(requestKeys.all);
    expect(LIVE_QUERY_ROOTS.orangeReports).toEqual(reportKeys.all);
    expect(LIVE_QUERY_ROOTS.proposals).toEqual(proposalKeys.all);
  });

  it('invalidates the caches an event concerns, and only those', async () => {
    const client = new QueryClient();
    for (const key of [['notifications', 'unread'], ['messages', 'list', {}], ['messages', 'detail', 't1'], ['serviceRequests', 'detail', 'r1'], ['proposals', 'detail', 'p1', 'latest']]) {
      client.setQueryData(key, { stale: false });
    }
    invalidateFor(client, [{ type: 'message.created' }]);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['messages', 'list', {}])).toBe(true);
    expect(stale(['messages', 'detail', 't1'])).toBe(true);
    expect(stale(['notifications', 'unread'])).toBe(false);
    expect(stale(['serviceRequests', 'detail', 'r1'])).toBe(false);
    invalidateFor(client, [{ type: 'notification.created' }, { type: 'proposal.changed' }, { type: 'unknown.kind' }]);
    expect(stale(['notifications', 'unread'])).toBe(true);
    expect(stale(['proposals', 'detail', 'p1', 'latest'])).toBe(true);
    expect(stale(['serviceRequests', 'detail', 'r1'])).toBe(false);
  });

  it('reads events with the Bearer token, and resumes with Last-Event-ID after a drop', async () => {
    const token = fakeToken();
    signIn({ token, user: testUser() });
    const calls: RequestInit[] = [];
    const bodies = [streamResponse(), streamResponse()];
    const fetchImpl = vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init);
      return bodies[calls.length - 1]!.response;
    });
    const received: LiveEvent[] = [];
    const connection = connectLiveEvents({ onEvents: (events) => received.push(...events), onReset: () => undefined }, fetchImpl as unknown as typeof fetch);
    await until(() => calls.length === 1);
    expect((calls[0]!.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect((calls[0]!.headers as Record<string, string>)['last-event-id']).toBeUndefined();
    bodies[0]!.push('retry: 3000\n\nid: 41\ndata: {"id":41,"type":"message.created","customerId":"c","subject":null}\n\n');
    await until(() => received.length === 1);
    expect(received[0]!.type).toBe('message.created');
    bodies[0]!.end();
    // Reconnects (after about a second) from where it stopped.
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 3000 });
    expect((calls[1]!.headers as Record<string, string>)['last-event-id']).toBe('41');
    connection.stop();
    expect(calls[1]!.signal?.aborted).toBe(true);
  });
});
