import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit-store.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const stores: [string, () => RateLimitStore][] = [
  ['memory', () => new MemoryRateLimitStore()],
  // A unique prefix per run: the real Redis is shared with other tests and processes.
  ['redis', () => new RedisRateLimitStore(new Redis(redisUrl), `grove-test:${randomBytes(6).toString('hex')}:`)],
];

describe.each(stores)('%s rate-limit store', (_name, make) => {
  const store = make();
  afterAll(async () => {
    await store.close();
  });

  it('counts hits within a window and reports when it ends', async () => {
    expect(await store.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    const first = await store.hit('a', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    const peeked = await store.peek('a');
    expect(peeked.count).toBe(2);
    expect(peeked.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.peek('a')).count).toBe(2);
  });

  it('keeps keys apart and clears one', async () => {
    await store.hit('b', 60_000);
    await store.hit('c', 60_000);
    await store.clear('b');
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('c')).count).toBe(1);
  });

  it('starts again once the window has passed, without extending it on later hits', async () => {
    // Windows are long next to the sleeps so a busy machine's scheduling delays cannot change the outcome.
    const windowMs = 3_000;
    await store.hit('d', windowMs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await store.hit('d', windowMs);
    expect(second.count).toBe(2);
    // About 300 ms of the window are gone: a later hit must not have restarted it. Timers may fire a
    // millisecond early against Date.now, so the bound leaves room for that but not for a restart.
    expect(second.resetInMs).toBeLessThanOrEqual(windowMs - 250);
    await new Promise((resolve) => setTimeout(resolve, second.resetInMs + 50));
    expect((await store.peek('d')).count).toBe(0);
    expect((await store.hit('d', windowMs)).count).toBe(1);
  });
});

describe('redis rate-limit store prefixes', () => {
  it('does not see counters of another prefix', async () => {
    const a = new RedisRateLimitStore(new Redis(redisUrl), `grove-test:${randomBytes(6).toString('hex')}:`);
    const b = new RedisRateLimitStore(new Redis(redisUrl), `grove-test:${randomBytes(6).toString('hex')}:`);
    await a.hit('same', 60_000);
    expect((await b.peek('same')).count).toBe(0);
    await a.close();
    await b.close();
  });
});
