import { offlineDb, offlineStoreAvailable } from './outbox-db';
import { OUTBOX_CHANNEL, outboxSnapshot, subscribeOutbox } from './outbox-store';

/*
 * Starts the outbox (outbox.ts: sending, retries, photo uploads) only when it has something to do
 * (decision 032): something waits on this device, another tab queued a write, or a screen of this
 * tab queued one (it loaded the outbox itself; its items arrive in the store). Until then every
 * signed-in first screen skips its code and the upload code it brings.
 */

let loading: Promise<void> | null = null;
let watching = false;

function load(): Promise<void> {
  loading ??= import('./outbox').then((outbox) => outbox.startOutbox());
  return loading;
}

/** Checks the device's outbox once and starts it when anything is in it; later, on another tab's word. */
export function startOutboxWhenNeeded(): void {
  if (watching || typeof window === 'undefined' || !offlineStoreAvailable()) return;
  watching = true;
  const unsubscribe = subscribeOutbox(() => {
    if (outboxSnapshot().items.length === 0) return;
    unsubscribe();
    void load();
  });
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.addEventListener('message', () => {
      channel.close();
      void load();
    });
  }
  void offlineDb()
    .then((db) => db.count('items'))
    .then((count) => (count > 0 ? load() : undefined))
    // No usable store (private mode, quota): the outbox would not work either.
    .catch(() => undefined);
}
