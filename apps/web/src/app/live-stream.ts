import type { QueryClient } from '@tanstack/react-query';
import { freshToken, refreshToken } from './api-client';
import { queryClient } from './query-client';

/*
 * The tab's live event stream (docs/decisions/020-live-updates.md): one `GET /api/events` per tab,
 * read with fetch so it carries the Bearer token like every call (EventSource cannot), reconnected
 * with backoff and resumed with Last-Event-ID. Events carry a type and ids only; each one
 * invalidates the TanStack Query caches it concerns, so lists, the bell and open pages refetch.
 */

export interface LiveEvent {
  id: number;
  type: string;
  customerId: string | null;
  subject: { type: string; id: string } | null;
}

/**
 * The first segment of each feature's query keys (`messageKeys.all` …). Written out rather than
 * imported: importing the features' api modules would load their endpoint declarations, and through
 * them zod, with every signed-in first screen (decision 032). live-stream.test.ts checks that they
 * are the features' keys.
 */
export const LIVE_QUERY_ROOTS = {
  notifications: ['notifications'],
  messages: ['messages'],
  serviceRequests: ['serviceRequests'],
  orangeReports: ['orangeReports'],
  proposals: ['proposals'],
  dashboard: ['dashboard'],
  customers: ['customers'],
} as const;

const roots = LIVE_QUERY_ROOTS;

/** Which cached queries each event type makes stale (prefixes of query keys). */
const INVALIDATES: Record<string, readonly (readonly unknown[])[]> = {
  'notification.created': [roots.notifications],
  'message.created': [roots.messages, roots.dashboard],
  'service_request.changed': [roots.serviceRequests, roots.dashboard, roots.customers],
  'orange_report.changed': [roots.orangeReports, roots.dashboard, roots.customers],
  'proposal.changed': [roots.proposals, roots.dashboard, roots.customers],
};

/** Marks the queries of the events stale at once (refetching the ones on screen). */
export function invalidateFor(client: QueryClient, events: readonly Pick<LiveEvent, 'type'>[]): void {
  const keys = new Map<string, readonly unknown[]>();
  for (const event of events) for (const key of INVALIDATES[event.type] ?? []) keys.set(JSON.stringify(key), key);
  for (const key of keys.values()) void client.invalidateQueries({ queryKey: key });
}

/** One parsed frame of a text/event-stream body. */
export interface Frame {
  id: string | null;
  event: string;
  data: string;
}

/** Splits a growing text/event-stream buffer into complete frames and the unfinished rest. */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const text = buffer.replace(/\r\n?/gu, '\n');
  let start = 0;
  let end: number;
  while ((end = text.indexOf('\n\n', start)) >= 0) {
    const block = text.slice(start, end);
    start = end + 2;
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /u, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (id !== null || data.length > 0) frames.push({ id, event, data: data.join('\n') });
  }
  return { frames, rest: text.slice(start) };
}

/** Wait before reconnect attempt n (0-based): 1 s, 2 s, 4 s … 30 s, with jitter so tabs spread out. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 30_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

export interface LiveConnection {
  stop(): void;
}

/**
 * Opens the stream and keeps it open until `stop()`: reconnects after drops with backoff, resumes
 * from the last event id, refreshes the token when it is refused, and gives up when the session is
 * over (the app's own 401 handling then signs the user out).
 */
export function connectLiveEvents(handlers: { onEvents(events: LiveEvent[]): void; onReset(): void }, fetchImpl: typeof fetch = fetch): LiveConnection {
  let stopped = false;
  let controller: AbortController | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void run(), backoffMs(attempt++));
  };

  const run = async () => {
    if (stopped) return;
    const token = await freshToken();
    if (!token || stopped) return;
    controller = new AbortController();
    let response: Response;
    try {
      response = await fetchImpl('/api/events', {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      return schedule();
    }
    if (response.status === 401) {
      // An expired token: refresh once and try again; a session that is over ends here.
      const renewed = await refreshToken().catch(() => undefined);
      if (renewed === null) return;
      return schedule();
    }
    if (!response.ok || !response.body) return schedule();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        attempt = 0;
        const parsed = parseFrames(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        const events: LiveEvent[] = [];
        for (const frame of parsed.frames) {
          if (frame.id) lastEventId = frame.id;
          if (frame.event === 'reset') handlers.onReset();
          else if (frame.data) {
            try {
              events.push(JSON.parse(frame.data) as LiveEvent);
            } catch {
              // A frame we cannot read is skipped; the next refetch shows the truth anyway.
            }
          }
        }
        if (events.length > 0) handlers.onEvents(events);
      }
    } catch {
      // Dropped (network, server restart) or stopped.
    }
    // What changed while the stream was down is replayed on resume; nothing to refetch here.
    schedule();
  };

  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}

/** Starts the stream for the signed-in user; events refresh the cached queries. */
export function startLiveEvents(): { stop(): void } {
  return connectLiveEvents({
    onEvents: (events) => invalidateFor(queryClient, events),
    onReset: () => void queryClient.invalidateQueries(),
  });
}
