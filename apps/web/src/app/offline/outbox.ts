import { ApiError, apiRequest } from '../api-client';
import { getSessionState, subscribeSession } from '../session-store';
import { UploadCancelledError, UploadError, uploadFile } from '../../components/upload/upload-request';
import { offlineDb, offlineStoreAvailable, type OutboxItem, type OutboxPhoto, type OutboxStep } from './outbox-db';
import { isOnline } from './online';
import { OUTBOX_CHANNEL, emitOutbox as emit, outboxSnapshot, useOutbox } from './outbox-store';
import { downscalePhoto } from './photos';
import { requestPersistentStorage } from './storage';

export type { OutboxItem, OutboxPhoto, OutboxStep } from './outbox-db';
export { useOutbox, type OutboxSnapshot } from './outbox-store';

/*
 * The durable outbox (issue 16, decision 019). Field writes made without a network — or whose
 * network failed — are kept in IndexedDB and sent later, in the order they were made:
 *
 *   queue      photos are downscaled and stored as blobs; every upload and every write gets its
 *              Idempotency-Key now, so whatever happens later each is carried out once.
 *   send       on reconnect, every 30 s while something waits, when the app opens and right after
 *              queueing: item by item, photos first, then the writes; progress is saved after
 *              each call, so a retry resumes where it stopped (a repeated call replays).
 *   transient  no network, 5xx, 409 "still running", 429, 401 → stop and try again later (the
 *              items behind wait, so the order holds).
 *   refused    any other 4xx (the request was cancelled meanwhile, the report was returned …)
 *              → the item stays as a conflict with the server's words until the user discards
 *              it; the next items go on. Nothing is dropped silently.
 */

export interface LocalPhoto {
  blob: Blob;
  name: string;
  customerId?: string;
}

export interface QueueRequest {
  kind: string;
  subject: string;
  recordKey: string;
  link?: string;
  photos?: LocalPhoto[];
  /** `{{photo:N}}` in a body is photo N's file id; `{{step:N}}` the id step N answered. */
  steps: { method: OutboxStep['method']; path: string; body?: unknown; key?: string }[];
}

const RETRY_MS = 30_000;

const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(OUTBOX_CHANNEL) : null;

function currentUserId(): string | null {
  const state = getSessionState();
  return state.status === 'signedIn' && state.user ? state.user.id : null;
}

/** Reads the signed-in user's items from the database into the snapshot. */
export async function reloadOutbox(): Promise<OutboxItem[]> {
  const userId = currentUserId();
  if (!userId || !offlineStoreAvailable()) {
    emit({ items: [], waiting: 0, conflicts: 0 });
    return [];
  }
  const db = await offlineDb();
  const items = (await db.getAll('items')).filter((item) => item.userId === userId);
  emit({ items, waiting: items.filter((item) => item.state === 'waiting').length, conflicts: items.filter((item) => item.state === 'conflict').length });
  return items;
}

function changed(): void {
  channel?.postMessage('changed');
  void reloadOutbox();
}

/** Stores a write (and its photos) for sending; tries to send at once when online. */
export async function queueWrite(request: QueueRequest): Promise<OutboxItem> {
  const userId = currentUserId();
  if (!userId) throw new Error('not signed in');
  const db = await offlineDb();
  const photos: OutboxPhoto[] = [];
  const blobs: { id: string; blob: Blob }[] = [];
  for (const photo of request.photos ?? []) {
    const id = crypto.randomUUID();
    blobs.push({ id, blob: photo.blob });
    photos.push({ blobId: id, name: photo.name, type: photo.blob.type || 'image/jpeg', size: photo.blob.size, customerId: photo.customerId, key: crypto.randomUUID() });
  }
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    userId,
    kind: request.kind,
    subject: request.subject,
    recordKey: request.recordKey,
    link: request.link,
    createdAt: new Date().toISOString(),
    photos,
    steps: request.steps.map((step) => ({ method: step.method, path: step.path, body: step.body, key: step.key ?? crypto.randomUUID() })),
    state: 'waiting',
    attempts: 0,
  };
  // One transaction: the item and its photos are saved together or not at all.
  const tx = db.transaction(['items', 'blobs'], 'readwrite');
  for (const blob of blobs) await tx.objectStore('blobs').put(blob);
  const seq = await tx.objectStore('items').add(item);
  await tx.done;
  void requestPersistentStorage();
  changed();
  scheduleSync(0);
  return { ...item, seq };
}

export type SendResult<T> = { queued: false; answer: T } | { queued: true; item: OutboxItem };

/**
 * A field write: sent now when the network allows, otherwise (offline, or the network failed on
 * the way) queued with the same Idempotency-Key — so a write that did reach the server before its
 * answer was lost is not carried out twice. Photos still on the device always go through the
 * outbox (they upload first).
 */
export async function sendOrQueue<T>(request: QueueRequest): Promise<SendResult<T>> {
  const [step, ...rest] = request.steps;
  const direct = step && rest.length === 0 && !(request.photos?.length) && isOnline() && offlineStoreAvailable();
  if (direct) {
    const key = step.key ?? crypto.randomUUID();
    try {
      const answer = await apiRequest<T>(step.method, step.path, { body: step.body, idempotencyKey: key });
      return { queued: false, answer };
    } catch (error) {
      if (!(error instanceof ApiError) || !error.isNetworkError) throw error;
      return { queued: true, item: await queueWrite({ ...request, steps: [{ ...step, key }] }) };
    }
  }
  if (!offlineStoreAvailable()) {
    // No IndexedDB (a private window of some browsers): only a live send is possible.
    if (!step) throw new Error('nothing to send');
    return { queued: false, answer: await apiRequest<T>(step.method, step.path, { body: step.body }) };
  }
  return { queued: true, item: await queueWrite(request) };
}

/** Downscales picked photos for the outbox (see photos.ts). */
export async function preparePhotos(files: readonly File[], customerId?: string): Promise<LocalPhoto[]> {
  const out: LocalPhoto[] = [];
  for (const file of files) {
    const scaled = await downscalePhoto(file);
    out.push({ blob: scaled.blob, name: scaled.name, customerId });
  }
  return out;
}

/** Removes an item (a conflict the user has read, or a change they no longer want) and its photos. */
export async function discardItem(id: string): Promise<void> {
  const db = await offlineDb();
  const item = await db.getFromIndex('items', 'byId', id);
  if (!item?.seq) return;
  const tx = db.transaction(['items', 'blobs'], 'readwrite');
  for (const photo of item.photos) await tx.objectStore('blobs').delete(photo.blobId);
  await tx.objectStore('items').delete(item.seq);
  await tx.done;
  changed();
}

function fill(value: unknown, item: OutboxItem): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{(photo|step):(\d+)\}\}/g, (whole, what: string, n: string) => {
      const index = Number(n);
      const id = what === 'photo' ? item.photos[index]?.uploadedId : item.steps[index]?.resultId;
      if (!id) throw new Refused(0, `outbox placeholder ${whole} has no value`);
      return id;
    });
  }
  if (Array.isArray(value)) return value.map((entry) => fill(entry, item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, item)]));
  return value;
}

class Transient extends Error {
  constructor(
    message: string,
    readonly signIn = false,
  ) {
    super(message);
  }
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function classify(error: unknown): Transient | Refused {
  if (error instanceof UploadCancelledError) return new Transient('cancelled');
  const status = error instanceof ApiError || error instanceof UploadError ? error.status : 0;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 401) return new Transient(message, true);
  if (status === 0 || status >= 500 || status === 429 || status === 408) return new Transient(message);
  // 409 with Retry-After: the same key is still being carried out.
  if (status === 409 && error instanceof ApiError && error.retryAfter !== null) return new Transient(message);
  return new Refused(status, message);
}

async function save(item: OutboxItem): Promise<void> {
  const db = await offlineDb();
  await db.put('items', item);
}

async function sendItem(item: OutboxItem): Promise<void> {
  const db = await offlineDb();
  for (const photo of item.photos) {
    if (photo.uploadedId) continue;
    const stored = await db.get('blobs', photo.blobId);
    if (!stored) throw new Refused(0, 'photo missing on this device');
    const file = new File([stored.blob], photo.name, { type: photo.type });
    const uploaded = await uploadFile('photo', file, { customerId: photo.customerId, idempotencyKey: photo.key });
    photo.uploadedId = uploaded.id;
    await save(item);
  }
  for (const step of item.steps) {
    if (step.done) continue;
    const answer = await apiRequest<unknown>(step.method, fill(step.path, item) as string, {
      body: step.body === undefined ? undefined : fill(step.body, item),
      idempotencyKey: step.key,
      redirectOn401: false,
    });
    step.done = true;
    const id = answer && typeof answer === 'object' ? (answer as { id?: unknown }).id : undefined;
    if (typeof id === 'string') step.resultId = id;
    await save(item);
  }
}

const sentListeners = new Set<(item: OutboxItem) => void>();

/** Called after each item the server took (screens refresh the record). */
export function onItemSent(listener: (item: OutboxItem) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

let running: Promise<void> | null = null;

/** Sends what waits, in order; one run at a time (and one tab at a time where Web Locks exist). */
export function syncOutbox(): Promise<void> {
  if (running) return running;
  running = (async () => {
    if (!offlineStoreAvailable() || !currentUserId() || !isOnline()) return;
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks) await locks.request('grove-outbox-sync', { ifAvailable: true }, async (lock) => (lock ? runSync() : undefined));
    else await runSync();
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Sends that stopped on a transient failure in a row (for the back-off). */
let failures = 0;

async function runSync(): Promise<void> {
  const items = (await reloadOutbox()).filter((item) => item.state === 'waiting');
  if (!items.length) return;
  emit({ syncing: true });
  let stopped: Transient | null = null;
  try {
    for (const item of items) {
      if (!isOnline()) {
        stopped = new Transient('offline');
        break;
      }
      try {
        await sendItem(item);
      } catch (error) {
        const outcome = error instanceof Transient || error instanceof Refused ? error : classify(error);
        item.attempts += 1;
        item.lastError = outcome.message;
        if (outcome instanceof Refused) {
          item.state = 'conflict';
          item.conflict = { status: outcome.status, message: outcome.message };
          await save(item);
          changed();
          continue;
        }
        await save(item);
        stopped = outcome;
        break;
      }
      // Sent: the item and its photos leave the device.
      await discardItem(item.id);
      for (const listener of sentListeners) listener(item);
    }
  } finally {
    emit({ syncing: false, lastSyncAt: new Date().toISOString(), lastError: stopped?.message ?? null, needsSignIn: stopped?.signIn ?? false });
    await reloadOutbox();
  }
  if (stopped) {
    // 5 s, 10 s, 20 s, then every 30 s while the failures go on.
    failures += 1;
    scheduleSync(Math.min(RETRY_MS, 5_000 * 2 ** (failures - 1)));
  } else failures = 0;
}

let timer: ReturnType<typeof setTimeout> | null = null;

function scheduleSync(delay: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void syncOutbox();
  }, delay);
}

let started = false;

/** Wires the triggers once (the signed-in layout calls it): reconnect, timer, app open, other tabs. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined' || !offlineStoreAvailable()) return;
  started = true;
  window.addEventListener('online', () => scheduleSync(0));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') scheduleSync(0);
  });
  setInterval(() => {
    if (outboxSnapshot().waiting > 0) void syncOutbox();
  }, RETRY_MS);
  channel?.addEventListener('message', () => void reloadOutbox());
  subscribeSession(() => {
    void reloadOutbox().then(() => scheduleSync(0));
  });
  void reloadOutbox().then(() => scheduleSync(0));
}

/** The items waiting (or refused) for one record, e.g. `serviceRequest:<id>`. */
export function usePendingFor(recordKey: string): OutboxItem[] {
  const { items } = useOutbox();
  return items.filter((item) => item.recordKey === recordKey);
}
