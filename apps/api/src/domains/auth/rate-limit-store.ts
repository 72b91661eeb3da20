import { Redis } from 'ioredis';

/** A fixed-window counter: how many hits the key has had in its current window. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetInMs: number;
}

/**
 * Where rate-limit counters live. In memory for one process (the default); Redis when several API
 * processes must share them (`REDIS_URL`).
 */
export interface RateLimitStore {
  /** Adds one hit; the first hit of a window starts it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count without adding to it. */
  peek(key: string): Promise<WindowCount>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    // Expired windows are dropped periodically so the map stays as small as the live keys.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs).unref();
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'grove:rl:',
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const k = this.prefix + key;
    // One round trip: start the window only if absent (NX keeps its expiry), then count.
    const results = await this.redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
    const count = Number(results?.[1]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string): Promise<WindowCount> {
    const k = this.prefix + key;
    const results = await this.redis.multi().get(k).pttl(k).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[1]?.[1] ?? 0);
    return { count: Number.isFinite(count) ? count : 0, resetInMs: ttl > 0 ? ttl : 0 };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    // QUIT would wait in the offline queue while Redis is unreachable; then just drop the socket.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}

export function createRateLimitStore(options: {
  redisUrl?: string | undefined;
  prefix?: string;
  onError?: (error: Error) => void;
}): RateLimitStore {
  if (!options.redisUrl) return new MemoryRateLimitStore();
  // Commands fail at once while disconnected and after 1 s without a reply: the limiter then
  // fails open rather than holding a sign-in.
  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, commandTimeout: 1_000, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  if (options.onError) redis.on('error', options.onError);
  return new RedisRateLimitStore(redis, options.prefix);
}
