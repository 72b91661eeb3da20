import { useEffect, useState } from 'react';
import type { OrangeReportDetail, OrangeReportDraft, OrangeReportService, OrangeReportUpdate } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { deleteLocalPhotos, isLocalPhotoId, readLocalPhoto } from '../../../app/offline/local-photos';
import { isOnline } from '../../../app/offline/online';
import { onItemSent, queueWrite, useOutbox, type LocalPhoto, type OutboxItem } from '../../../app/offline/outbox';
import { offlineDb, offlineStoreAvailable } from '../../../app/offline/outbox-db';
import { queryClient } from '../../../app/query-client';
import { getSessionState } from '../../../app/session-store';

/*
 * Orange reports written without a network (issue 16, decision 019). The wizard calls the same
 * write functions as online (reports-api.ts); they come here when the network is not there:
 *
 *   create   offline → a draft on this device (`local-<uuid>`), kept in the offline store, so the
 *            wizard's address (`?report=`) and a reload carry on with it.
 *   save     a device draft, a server draft while offline, or a form holding photos still on the
 *            device (`local-photo:` ids) → the fields are kept here over the server's copy.
 *   submit   such a draft → ONE outbox item: photos first, then create (or save) and submit, each
 *            with its Idempotency-Key, so a replay never makes a second report.
 * Until the outbox has sent it, the crew's list shows the report as pending.
 */

export const LOCAL_REPORT_PREFIX = 'local-';
export const OUTBOX_KIND = 'orangeReport.file';
const LIST = '/api/OrangeReports';

export function isLocalReport(id: string | undefined | null): boolean {
  return !!id && id.startsWith(LOCAL_REPORT_PREFIX);
}

/** What the device keeps for one draft: the report as last seen (or made up) and the fields since. */
interface StoredDraft {
  userId: string;
  base: OrangeReportDetail;
  body: OrangeReportUpdate;
  createKey: string;
  savedAt: string;
}

const draftKey = (id: string) => `orangeDraft:${id}`;

function userId(): string | null {
  const state = getSessionState();
  return state.user?.id ?? null;
}

/** A network failure (no answer at all), not a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.isNetworkError : error instanceof TypeError;
}

export function canWorkOffline(): boolean {
  return offlineStoreAvailable() && !!userId();
}

async function readDraft(id: string): Promise<StoredDraft | null> {
  if (!offlineStoreAvailable()) return null;
  const stored = (await (await offlineDb()).get('meta', draftKey(id))) as StoredDraft | undefined;
  return stored && stored.userId === userId() ? stored : null;
}

async function writeDraft(id: string, draft: StoredDraft): Promise<void> {
  await (await offlineDb()).put('meta', draft, draftKey(id));
  notify();
}

async function removeDraft(id: string): Promise<void> {
  await (await offlineDb()).delete('meta', draftKey(id));
  notify();
}

/** Catalogue services the screens loaded (for names and prices of lines on a device draft). */
function knownServices(): Map<string, OrangeReportService> {
  const map = new Map<string, OrangeReportService>();
  for (const [, data] of queryClient.getQueriesData<OrangeReportService[]>({ queryKey: ['orangeReports', 'services'] })) {
    for (const service of data ?? []) map.set(service.id, service);
  }
  return map;
}

/** The report as the wizard should see it: the base with the fields saved on this device. */
export function mergeDetail(base: OrangeReportDetail, body: OrangeReportUpdate, services = knownServices()): OrangeReportDetail {
  const photos = (body.photos ?? base.allPhotos.filter((p) => p.kind === 'finding')).map((photo, index) => ({
    id: `local-${index}`,
    fileId: photo.fileId,
    caption: photo.caption ?? '',
    kind: 'finding' as const,
    url: '',
    thumbnailUrl: null,
    width: null,
    height: null,
  }));
  const lines = body.recommendations
    ? body.recommendations.map((line, index) => {
        const known = base.recommendations.find((r) => r.serviceId === line.serviceId);
        const service = services.get(line.serviceId);
        const unitPriceCents = service?.unitPriceCents ?? line.unitPriceCents ?? known?.unitPriceCents ?? null;
        const quantity = line.quantity;
        return {
          id: known?.id ?? `local-${index}`,
          serviceId: line.serviceId,
          names: service?.names ?? known?.names ?? { en: '' },
          category: service?.category ?? known?.category ?? 'other',
          unit: service?.unit ?? known?.unit ?? 'each',
          quantity,
          unitPriceCents,
          lineTotalCents: unitPriceCents === null ? null : Math.round(unitPriceCents * quantity),
          note: line.note ?? '',
        } as OrangeReportDetail['recommendations'][number];
      })
    : base.recommendations;
  const zone = body.zoneId === undefined ? base.zone : body.zoneId === null ? null : base.zone?.id === body.zoneId ? base.zone : { id: body.zoneId, name: '' };
  return {
    ...base,
    title: body.title ?? base.title,
    foundOn: body.foundOn ?? base.foundOn,
    category: body.category === undefined ? base.category : body.category,
    urgency: body.urgency === undefined ? base.urgency : body.urgency,
    findings: body.findings ?? base.findings,
    locationText: body.locationText ?? base.locationText,
    latitude: body.latitude === undefined ? base.latitude : body.latitude,
    longitude: body.longitude === undefined ? base.longitude : body.longitude,
    zone,
    allPhotos: [...photos, ...base.allPhotos.filter((p) => p.kind === 'after')],
    photos: photos.slice(0, 4),
    photoCount: photos.length,
    recommendations: lines,
    totalCents: lines.reduce((sum, line) => sum + (line.lineTotalCents ?? 0), 0),
    totalIncomplete: lines.some((line) => line.lineTotalCents === null),
  };
}

/** A draft that exists only on this device (made while offline). */
function blankDetail(id: string, body: OrangeReportDraft): OrangeReportDetail {
  const now = new Date().toISOString();
  const user = getSessionState().user;
  // The name from the customers the wizard listed (the device has no other copy of it).
  const listed = queryClient
    .getQueriesData<{ id: string; name: string }[]>({ queryKey: ['orangeReports', 'customers'] })
    .flatMap(([, data]) => data ?? [])
    .find((customer) => customer.id === body.customerId);
  const customerName = listed?.name ?? queryClient.getQueryData<{ name?: string }>(['orangeReports', 'customer', body.customerId])?.name ?? '';
  return {
    id,
    number: '',
    customerId: body.customerId,
    customerName,
    status: 'draft',
    title: '',
    category: null,
    urgency: null,
    foundOn: body.foundOn ?? now.slice(0, 10),
    author: user ? { id: user.id, name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() } : null,
    photoCount: 0,
    photos: [],
    totalCents: 0,
    totalIncomplete: false,
    proposalRequested: false,
    submittedAt: null,
    approvedAt: null,
    createdAt: now,
    updatedAt: now,
    findings: '',
    locationText: '',
    zone: null,
    latitude: null,
    longitude: null,
    allPhotos: [],
    recommendations: [],
    acknowledgedAt: null,
    acknowledgedBy: null,
    declinedAt: null,
    declineReason: null,
    resolvedAt: null,
    timeline: [],
    allowedActions: ['edit', 'submit'],
    serviceRequest: null,
    reviewer: null,
    returnComment: null,
  };
}

/** Offline create: a draft on this device that the wizard continues like a server one. */
export async function createDeviceDraft(body: OrangeReportDraft, createKey: string): Promise<OrangeReportDetail> {
  const owner = userId();
  if (!owner) throw new Error('not signed in');
  const id = `${LOCAL_REPORT_PREFIX}${crypto.randomUUID()}`;
  const { customerId: _customerId, ...fields } = body;
  const base = blankDetail(id, body);
  await writeDraft(id, { userId: owner, base, body: fields, createKey, savedAt: new Date().toISOString() });
  return mergeDetail(base, fields);
}

/** Keeps the fields on this device (over `base`, the server's copy, for a server draft). */
export async function saveOnDevice(id: string, body: OrangeReportUpdate, base?: OrangeReportDetail): Promise<OrangeReportDetail> {
  const owner = userId();
  const stored = await readDraft(id);
  const known = stored?.base ?? base ?? queryClient.getQueryData<OrangeReportDetail>(['orangeReports', 'detail', id]);
  if (!owner || !known) throw new ApiError(0, 'offline');
  await writeDraft(id, { userId: owner, base: known, body, createKey: stored?.createKey ?? crypto.randomUUID(), savedAt: new Date().toISOString() });
  return mergeDetail(known, body);
}

/** The device's copy of a draft (a device draft, or a server draft with fields not sent yet). */
export async function deviceDraft(id: string): Promise<OrangeReportDetail | null> {
  const stored = await readDraft(id);
  return stored ? mergeDetail(stored.base, stored.body) : null;
}

/** A server draft whose newer fields were sent: the device copy is no longer needed. */
export async function forgetDeviceDraft(id: string): Promise<void> {
  if (offlineStoreAvailable() && (await readDraft(id))) await removeDraft(id);
}

/** The device's copy of a draft and the photos only it has, when the user discards the draft. */
export async function discardDeviceDraft(id: string): Promise<void> {
  const stored = offlineStoreAvailable() ? await readDraft(id) : null;
  if (!stored) return;
  await deleteLocalPhotos((stored.body.photos ?? []).map((photo) => photo.fileId));
  await removeDraft(id);
}

/** Whether a save must stay on the device: offline, a device draft, or photos not uploaded. */
export function mustStayOnDevice(id: string, body: OrangeReportUpdate): boolean {
  return isLocalReport(id) || !isOnline() || (body.photos ?? []).some((photo) => isLocalPhotoId(photo.fileId));
}

/**
 * Submit of a draft kept on this device: one outbox item (photos, create or save, submit). The
 * answer is the report as it will be, status `submitted`, with `number` empty until it is sent.
 */
export async function queueSubmit(id: string): Promise<OrangeReportDetail | null> {
  const stored = await readDraft(id);
  if (!stored) return null;
  const local: LocalPhoto[] = [];
  const localIds: string[] = [];
  const photos = [];
  for (const photo of stored.body.photos ?? []) {
    if (!isLocalPhotoId(photo.fileId)) {
      photos.push(photo);
      continue;
    }
    const blob = await readLocalPhoto(photo.fileId);
    if (!blob) continue;
    photos.push({ ...photo, fileId: `{{photo:${local.length}}}` });
    local.push({ blob, name: `photo-${local.length + 1}.jpg`, customerId: stored.base.customerId });
    localIds.push(photo.fileId);
  }
  const body = { ...stored.body, photos };
  const deviceOnly = isLocalReport(id);
  const steps: Parameters<typeof queueWrite>[0]['steps'] = deviceOnly
    ? [
        { method: 'POST', path: LIST, body: { ...body, customerId: stored.base.customerId }, key: stored.createKey },
        { method: 'POST', path: `${LIST}/{{step:0}}/submit`, body: {} },
      ]
    : [
        { method: 'PUT', path: `${LIST}/${encodeURIComponent(id)}`, body },
        { method: 'POST', path: `${LIST}/${encodeURIComponent(id)}/submit`, body: {} },
      ];
  const merged = mergeDetail(stored.base, stored.body);
  await queueWrite({
    kind: OUTBOX_KIND,
    subject: merged.title || stored.base.customerName || stored.base.number,
    recordKey: `orangeReport:${id}`,
    link: deviceOnly ? '/create-orange-report' : `/orange-reports/${encodeURIComponent(id)}`,
    photos: local,
    steps,
  });
  // The outbox holds its own copies of the photos now.
  await deleteLocalPhotos(localIds);
  await removeDraft(id);
  const filed: OrangeReportDetail = { ...merged, status: 'submitted', allowedActions: [] };
  filedOnDevice.add(filed);
  return filed;
}

const filedOnDevice = new WeakSet<object>();

/** The answer of a submit that went into the outbox (not to the server yet). */
export function wasFiledOnDevice(detail: object): boolean {
  return filedOnDevice.has(detail);
}

// ── The crew's list: drafts on this device and reports waiting to be sent ───────────────────────

export interface DeviceReport {
  id: string;
  title: string;
  customerName: string;
  /** `draft`: kept on this device, still being written; `pending`: filed, waiting to be sent; `refused`: the server said no. */
  state: 'draft' | 'pending' | 'refused';
  at: string;
  reason?: string;
}

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

async function listDeviceDrafts(): Promise<DeviceReport[]> {
  if (!offlineStoreAvailable() || !userId()) return [];
  const db = await offlineDb();
  const keys = (await db.getAllKeys('meta')).filter((key) => String(key).startsWith('orangeDraft:local-'));
  const out: DeviceReport[] = [];
  for (const key of keys) {
    const id = String(key).slice('orangeDraft:'.length);
    const stored = await readDraft(id);
    if (stored) out.push({ id, title: stored.body.title ?? '', customerName: stored.base.customerName, state: 'draft', at: stored.savedAt });
  }
  return out.sort((a, b) => b.at.localeCompare(a.at));
}

function fromOutbox(item: OutboxItem): DeviceReport {
  return {
    id: item.recordKey.slice('orangeReport:'.length),
    title: item.subject,
    customerName: '',
    state: item.state === 'conflict' ? 'refused' : 'pending',
    at: item.createdAt,
    reason: item.conflict?.message,
  };
}

/** Reports on this device for the crew's list: drafts made offline, filed reports not sent yet. */
export function useDeviceReports(): DeviceReport[] {
  const { items } = useOutbox();
  const [drafts, setDrafts] = useState<DeviceReport[]>([]);
  useEffect(
    () =>
      onItemSent((item) => {
        if (item.kind === OUTBOX_KIND) void queryClient.invalidateQueries({ queryKey: ['orangeReports'] });
      }),
    [],
  );
  useEffect(() => {
    let live = true;
    const load = () => void listDeviceDrafts().then((list) => live && setDrafts(list));
    listeners.add(load);
    load();
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, []);
  return [...items.filter((item) => item.kind === OUTBOX_KIND).map(fromOutbox), ...drafts];
}
