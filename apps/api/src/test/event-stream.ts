/*
 * A server-sent events reader over fetch, as the web app reads /api/events (headers can be set,
 * which EventSource cannot). For tests and the live-events bench.
 */

export interface StreamEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
  /** performance.now() when the frame was parsed. */
  receivedAt: number;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /** Comment lines seen (heartbeats). */
  comments: string[];
  /** Resolves with the first event matching `match`, or rejects after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<{ match: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }>();
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));

  const onFrame = (frame: string) => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return;
    const parsed: StreamEvent = { id, event, data: JSON.parse(data.join('\n')) as Record<string, unknown>, receivedAt: performance.now() };
    events.push(parsed);
    for (const waiter of [...waiters]) {
      if (waiter.match(parsed)) {
        waiters.delete(waiter);
        waiter.resolve(parsed);
      }
    }
  };

  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            onFrame(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
          }
        }
      } catch {
        // aborted by close()
      }
      markEnded();
    })();
  } else {
    markEnded();
  }

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (event: StreamEvent) => (clearTimeout(timer), resolve(event)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events.map((e) => e.data.type))})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

/** Waits `ms`, for "nothing arrives" checks. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
