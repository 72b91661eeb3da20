import { useSyncExternalStore } from 'react';
import { CUSTOMERS_ENDPOINTS, ORANGE_REPORT_ENDPOINTS, PLAN_ENDPOINTS, SERVICE_REQUESTS_ENDPOINTS, type SessionUser } from '@grove/shared';
import { api } from '../api-client';
import { callEndpoint } from '../endpoint-client';
import { getSessionState, subscribeSession } from '../session-store';
import { offlineDb, offlineStoreAvailable } from './outbox-db';
import { isOnline } from './online';
import { offlineCopyEnabled, settingKey } from './offline-copy-setting';

export { defaultEnabled, offlineCopyEnabled } from './offline-copy-setting';

/*
 * The crew's offline working set (issue 16, decision 019). Every `GET /api/…` answer passes the
 * service worker, which keeps the last good copy (network first). Refreshing the working set asks
 * for what a crew needs in the field, so those copies exist before the signal goes:
 *   open service requests assigned to me (list and each request), their customers with address,
 *   team and map zones, this week's plan visits and the plans themselves, my orange report drafts,
 *   the service catalogue and the request types and priorities.
 * Crew Leaders keep it by default; any other staff user can turn it on.
 */

const REFRESH_EVERY_MS = 30 * 60 * 1000;
const MAX_RECORDS = 100;

interface WorkingSetMeta {
  refreshedAt: string | null;
  records: number;
}

let state: { enabled: boolean; refreshing: boolean; meta: WorkingSetMeta; failed: boolean } = {
  enabled: false,
  refreshing: false,
  meta: { refreshedAt: null, records: 0 },
  failed: false,
};
const listeners = new Set<() => void>();

function emit(patch: Partial<typeof state>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const metaKey = (userId: string) => `working-set:${userId}`;

export function setOfflineCopyEnabled(user: SessionUser, enabled: boolean): void {
  try {
    localStorage.setItem(settingKey(user.id), enabled ? 'on' : 'off');
  } catch {
    // Not remembered across visits.
  }
  emit({ enabled });
  if (enabled) void refreshWorkingSet();
}

async function loadMeta(userId: string): Promise<void> {
  if (!offlineStoreAvailable()) return;
  const db = await offlineDb();
  const meta = (await db.get('meta', metaKey(userId))) as WorkingSetMeta | undefined;
  emit({ meta: meta ?? { refreshedAt: null, records: 0 } });
}

const enc = encodeURIComponent;

/** Asks for every answer of the working set (the service worker keeps the copies). */
export async function refreshWorkingSet(): Promise<void> {
  const { user } = getSessionState();
  if (!user || !offlineCopyEnabled(user) || !isOnline() || state.refreshing) return;
  emit({ refreshing: true, failed: false });
  let records = 0;
  const get = async (path: string) => {
    try {
      await api.get(path, undefined, { redirectOn401: false });
      records += 1;
    } catch {
      // One missing copy does not stop the rest.
    }
  };
  try {
    const requests = await callEndpoint(SERVICE_REQUESTS_ENDPOINTS.list, { query: { mine: 'true', open: 'true', pageSize: MAX_RECORDS, sort: '-createdAt' } });
    records += 1;
    const customers = new Set<string>();
    for (const request of requests.data) {
      customers.add(request.customerId);
      await get(`/api/ServiceRequests/${enc(request.id)}`);
    }
    const mine = await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { mine: 'true', pageSize: MAX_RECORDS, sort: 'name' } });
    for (const customer of mine.data) customers.add(customer.id);
    for (const id of [...customers].slice(0, MAX_RECORDS)) {
      await get(`/api/Customers/${enc(id)}`);
      await get(`/api/Customers/${enc(id)}/zones`);
      await get(`/api/Customers/${enc(id)}/team`);
      try {
        const week = await callEndpoint(PLAN_ENDPOINTS.thisWeek, { query: { customerId: id } }, { redirectOn401: false });
        records += 1;
        if (week.plan) await get(`/api/quarterlyPlans/${enc(week.plan.id)}`);
      } catch {
        // No plan for this customer, or not allowed: nothing to keep.
      }
    }
    await get('/api/ServiceRequestTypes');
    await get('/api/ServiceRequestPriorities');
    await get('/api/OrangeReportServices');
    const drafts = await callEndpoint(ORANGE_REPORT_ENDPOINTS.list, { query: { mine: 'true', status: 'draft', pageSize: MAX_RECORDS } }).catch(() => ({ data: [] }));
    for (const draft of drafts.data) await get(`/api/OrangeReports/${enc(draft.id)}`);
    const meta: WorkingSetMeta = { refreshedAt: new Date().toISOString(), records };
    if (offlineStoreAvailable()) await (await offlineDb()).put('meta', meta, metaKey(user.id));
    emit({ meta });
  } catch {
    emit({ failed: true });
  } finally {
    emit({ refreshing: false });
  }
}

let started: string | null = null;

/** For the signed-in layout: load the last refresh time, refresh when stale and every 30 minutes. */
export function startWorkingSet(): void {
  const { user } = getSessionState();
  if (!user || started === user.id) return;
  started = user.id;
  emit({ enabled: offlineCopyEnabled(user) });
  void loadMeta(user.id).then(() => {
    const last = state.meta.refreshedAt ? Date.parse(state.meta.refreshedAt) : 0;
    if (Date.now() - last > REFRESH_EVERY_MS) void refreshWorkingSet();
  });
  if (wired) return;
  wired = true;
  // However the session ends (sign-out, a 401, a refused refresh), this device forgets the set.
  subscribeSession(() => {
    if (getSessionState().status === 'signedOut') void forgetWorkingSet();
  });
  if (typeof window !== 'undefined') window.addEventListener('online', () => void refreshWorkingSet());
  setInterval(() => void refreshWorkingSet(), REFRESH_EVERY_MS);
}

let wired = false;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useWorkingSet() {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

export { clearOfflineCopies } from './offline-copies';

/** The working set's record of this device, when a session ends (the answers go with clearOfflineCopies). */
async function forgetWorkingSet(): Promise<void> {
  started = null;
  emit({ meta: { refreshedAt: null, records: 0 }, refreshing: false, failed: false });
  if (!offlineStoreAvailable()) return;
  try {
    const db = await offlineDb();
    for (const key of await db.getAllKeys('meta')) if (String(key).startsWith('working-set:')) await db.delete('meta', key);
  } catch {
    // No offline store on this device: nothing kept there.
  }
}
