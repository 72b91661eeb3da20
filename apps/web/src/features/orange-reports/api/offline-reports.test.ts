import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLocalPhotos } from '../../../app/offline/local-photos';
import { reloadOutbox } from '../../../app/offline/outbox';
import { offlineDb } from '../../../app/offline/outbox-db';
import { signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch } from '../../../app/test-support/fake-fetch';
import { createReportDraft, deleteReportDraft, fetchReport, reportStep, saveReport, wasFiledOnDevice } from './reports-api';

/*
 * The wizard's write functions without a network (decision 019), on a real IndexedDB
 * implementation: a draft made on the device, saved with photos kept on the device, filed as one
 * outbox item (photos, create with the draft's key, submit) — and a server draft saved offline.
 */
vi.stubGlobal('Blob', NodeBlob);
vi.stubGlobal('File', NodeFile);

let online = false;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

const CUSTOMER = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  online = false;
  localStorage.clear();
  signIn({ token: fakeToken(), user: { id: 'u-1', email: 'crew@example.test', firstName: 'Cam', lastName: 'Crew', role: 'Crew Leader', roles: ['Crew Leader'], language: 'en' } as never });
  const db = await offlineDb();
  for (const name of ['items', 'blobs', 'meta'] as const) await db.clear(name);
});

describe('orange reports offline', () => {
  it('creates, saves and files a report on the device as one outbox item, and sends nothing while offline', async () => {
    const calls = installFakeFetch(() => undefined);
    const draft = await createReportDraft({ customerId: CUSTOMER, foundOn: '2026-11-24' }, 'create-key-1');
    expect(draft.id).toMatch(/^local-/);
    expect(draft.status).toBe('draft');

    const [photo] = await storeLocalPhotos([new NodeFile(['jpeg bytes'], 'leak.jpg', { type: 'image/jpeg' }) as unknown as File]);
    const saved = await saveReport(draft.id, { title: 'Leak', findings: 'Wet', locationText: 'North lawn', photos: [{ fileId: photo!.fileId, caption: 'Valve' }] });
    expect(saved.title).toBe('Leak');
    // A reload reads the draft back from the device.
    const again = await fetchReport(draft.id);
    expect(again).toMatchObject({ title: 'Leak', locationText: 'North lawn', allPhotos: [{ fileId: photo!.fileId, caption: 'Valve' }] });

    const filed = await reportStep(draft.id, { action: 'submit' });
    expect(wasFiledOnDevice(filed)).toBe(true);
    const [item] = await reloadOutbox();
    expect(item).toMatchObject({ kind: 'orangeReport.file', subject: 'Leak', state: 'waiting' });
    expect(item!.photos).toHaveLength(1);
    expect(item!.steps.map((step) => [step.method, step.path])).toEqual([
      ['POST', '/api/OrangeReports'],
      ['POST', '/api/OrangeReports/{{step:0}}/submit'],
    ]);
    expect(item!.steps[0]!.key).toBe('create-key-1');
    expect(item!.steps[0]!.body).toMatchObject({ customerId: CUSTOMER, title: 'Leak', photos: [{ fileId: '{{photo:0}}', caption: 'Valve' }] });
    // The draft left the device; only the outbox's copy of the photo remains.
    await expect(fetchReport(draft.id)).rejects.toMatchObject({ status: 404 });
    expect(await (await offlineDb()).count('blobs')).toBe(1);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('a server draft saved while the network is gone keeps the new fields on the device; submit sends save then submit', async () => {
    online = true;
    const server = { id: '22222222-2222-4222-8222-222222222222', number: 'OR-2026-0001', customerId: CUSTOMER, customerName: 'Whitlock', status: 'draft', title: 'Old', foundOn: '2026-11-24', category: null, urgency: null, findings: '', locationText: '', zone: null, latitude: null, longitude: null, allPhotos: [], photos: [], recommendations: [], allowedActions: ['edit', 'submit'],
      author: null, photoCount: 0, totalCents: 0, totalIncomplete: false, proposalRequested: false, submittedAt: null, approvedAt: null, createdAt: '2026-11-24T06:00:00.000Z', updatedAt: '2026-11-24T06:00:00.000Z',
      acknowledgedAt: null, acknowledgedBy: null, declinedAt: null, declineReason: null, resolvedAt: null, timeline: [], serviceRequest: null, reviewer: null, returnComment: null };
    installFakeFetch(({ method, url }) => (method === 'GET' && url.pathname.endsWith(server.id) ? { body: server } : undefined));
    const loaded = await fetchReport(server.id);
    expect(loaded.title).toBe('Old');

    online = false;
    const { queryClient } = await import('../../../app/query-client');
    queryClient.setQueryData(['orangeReports', 'detail', server.id], loaded);
    const saved = await saveReport(server.id, { title: 'New title' });
    expect(saved).toMatchObject({ number: 'OR-2026-0001', title: 'New title' });
    expect((await fetchReport(server.id)).title).toBe('New title');

    await reportStep(server.id, { action: 'submit' });
    const [item] = await reloadOutbox();
    expect(item!.steps.map((step) => [step.method, step.path])).toEqual([
      ['PUT', `/api/OrangeReports/${server.id}`],
      ['POST', `/api/OrangeReports/${server.id}/submit`],
    ]);
  });

  it('discarding a device draft removes it and its photos', async () => {
    installFakeFetch(() => undefined);
    const draft = await createReportDraft({ customerId: CUSTOMER }, 'k');
    const [photo] = await storeLocalPhotos([new NodeFile(['x'], 'a.jpg', { type: 'image/jpeg' }) as unknown as File]);
    await saveReport(draft.id, { photos: [{ fileId: photo!.fileId, caption: '' }] });
    await deleteReportDraft(draft.id);
    await expect(fetchReport(draft.id)).rejects.toMatchObject({ status: 404 });
    expect(await (await offlineDb()).count('blobs')).toBe(0);
  });
});
