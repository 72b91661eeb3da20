import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMERS_ENDPOINTS,
  ORANGE_REPORT_ENDPOINTS,
  ORANGE_REPORT_SERVICE_ENDPOINTS,
  type OrangeReportAnyDetail,
  type OrangeReportDetail,
  type OrangeReportDraft,
  type OrangeReportListQueryInput,
  type OrangeReportSummaryWithReview,
  type OrangeReportUpdate,
} from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { useCustomerZones } from '../../../entities/customers';
import { isOnline } from '../../../app/offline/online';
import { reportPinsKey } from '../../../components/map/useReportPins';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import { canWorkOffline, createDeviceDraft, deviceDraft, discardDeviceDraft, forgetDeviceDraft, isLocalReport, isNetworkFailure, mustStayOnDevice, queueSubmit, saveOnDevice } from './offline-reports';

export { isLocalReport, useDeviceReports, wasFiledOnDevice, type DeviceReport } from './offline-reports';

/*
 * Every server call of the orange-report screens. The plain functions are the only place that
 * writes (create, save, the status steps, comments, bulk approve). Create, save and submit work
 * without a network too (offline-reports.ts, decision 019): the draft is kept on the device and
 * filed through the outbox with Idempotency-Keys, so a replay after a lost answer makes one report.
 */

const E = ORANGE_REPORT_ENDPOINTS;

export type ReportSummaryRow = OrangeReportSummaryWithReview;
/** Staff receive the full detail; customer users the customer shape. */
export type AnyReportDetail = OrangeReportAnyDetail;
/** The list's query as the endpoint takes it (`status`: comma-separated, `mine`: 'true'). */
export type ReportListQuery = OrangeReportListQueryInput;

export const isStaffDetail = (report: AnyReportDetail): report is OrangeReportDetail => 'reviewer' in report;

/** The staff shape (the wizard, the review steps); a customer-shaped answer there is an error. */
export function staffDetail(report: AnyReportDetail): OrangeReportDetail {
  if (isStaffDetail(report)) return report;
  throw new ApiError(403, 'Forbidden');
}

export const reportKeys = {
  all: ['orangeReports'] as const,
  lists: ['orangeReports', 'list'] as const,
  list: (query: ReportListQuery) => ['orangeReports', 'list', query] as const,
  pending: (query: { customerId?: string; page?: number }) => ['orangeReports', 'list', 'pending', query] as const,
  detail: (id: string) => ['orangeReports', 'detail', id] as const,
  /** The map's report pins (components/map/useReportPins uses the same key). */
  pins: (customerId: string) => reportPinsKey(customerId),
  services: (search: string) => ['orangeReports', 'services', search] as const,
  customers: (search: string, mine: boolean) => ['orangeReports', 'customers', search, mine] as const,
};

// ── Writes (the outbox wraps these) ─────────────────────────────────────────────────────────────

/**
 * `POST /api/OrangeReports`: a new draft. `idempotencyKey` makes a replayed create answer the same
 * draft. Without a network the draft is made on this device instead (offline-reports.ts).
 */
export async function createReportDraft(body: OrangeReportDraft, idempotencyKey: string = crypto.randomUUID()): Promise<OrangeReportDetail> {
  if (!isOnline() && canWorkOffline()) return createDeviceDraft(body, idempotencyKey);
  try {
    return await callEndpoint(E.create, { body }, { idempotencyKey });
  } catch (error) {
    if (isNetworkFailure(error) && canWorkOffline()) return createDeviceDraft(body, idempotencyKey);
    throw error;
  }
}

/**
 * `PUT /api/OrangeReports/{id}`: save fields (arrays given replace the current ones). A draft on
 * this device, a save without a network, or photos not uploaded yet stay on the device until the
 * report is submitted.
 */
export async function saveReport(id: string, body: OrangeReportUpdate): Promise<OrangeReportDetail> {
  if (canWorkOffline() && mustStayOnDevice(id, body)) return saveOnDevice(id, body);
  try {
    const saved = await callEndpoint(E.update, { params: { id }, body });
    await forgetDeviceDraft(id);
    return saved;
  } catch (error) {
    if (isNetworkFailure(error) && canWorkOffline()) return saveOnDevice(id, body);
    throw error;
  }
}

/** Discards a draft: one made offline goes from the device only (with its photos). */
export async function deleteReportDraft(id: string): Promise<null> {
  if (canWorkOffline()) await discardDeviceDraft(id);
  if (isLocalReport(id)) return null;
  await callEndpoint(E.deleteDraft, { params: { id } });
  return null;
}

export type ReportStep =
  | { action: 'submit' | 'approve' | 'acknowledge' | 'requestProposal'; body?: { note?: string } }
  | { action: 'return'; body: { comment: string } }
  | { action: 'decline'; body: { reason: string } }
  | { action: 'resolve'; body?: { note?: string } }
  | { action: 'comment'; body: { text: string } };

function sendStep(id: string, step: ReportStep): Promise<AnyReportDetail> {
  const params = { id };
  switch (step.action) {
    case 'comment':
      return callEndpoint(E.comment, { params, body: step.body });
    case 'return':
      return callEndpoint(E.return, { params, body: step.body });
    case 'decline':
      return callEndpoint(E.decline, { params, body: step.body });
    case 'resolve':
      return callEndpoint(E.resolve, { params, body: step.body ?? {} });
    default:
      return callEndpoint(E[step.action], { params, body: step.body ?? {} });
  }
}

/** `POST /api/OrangeReports/{id}/{action}`: a status step or a comment; answers the fresh detail. */
export async function reportStep(id: string, step: ReportStep): Promise<AnyReportDetail> {
  // A draft with fields on this device is filed through the outbox (photos, save, submit).
  if (step.action === 'submit' && canWorkOffline()) {
    const queued = await queueSubmit(id);
    if (queued) return queued;
  }
  return sendStep(id, step);
}

export function bulkApproveReports(ids: string[]) {
  return callEndpoint(E.bulkApprove, { body: { ids } });
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────

export async function fetchReport(id: string, signal?: AbortSignal): Promise<AnyReportDetail> {
  // The device's copy first: a draft made offline, or newer fields than the server has.
  const onDevice = canWorkOffline() ? await deviceDraft(id) : null;
  if (onDevice) return onDevice;
  if (isLocalReport(id)) throw new ApiError(404, 'not found');
  return callEndpoint(E.get, { params: { id } }, { signal });
}

export function fetchReports(query: ReportListQuery, signal?: AbortSignal) {
  return callEndpoint(E.list, { query }, { signal });
}

export async function exportReportsCsv(query: ReportListQuery): Promise<void> {
  const { page: _page, pageSize: _pageSize, status, ...filter } = query;
  const { blob, fileName } = await downloadEndpoint(E.exportCsv, { query: { ...filter, status } }, 'orange-reports.csv');
  downloadBlob(blob, fileName);
}

/** The printable PDF of a published report. */
export async function downloadReportPdf(id: string, number: string): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(E.pdf, { params: { id } }, `${number}.pdf`);
  downloadBlob(blob, fileName);
}

// ── Hooks ───────────────────────────────────────────────────────────────────────────────────────

const REFERENCE_STALE_MS = 10 * 60_000;

export function useReportList(query: ReportListQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }) => fetchReports(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The review queue in the caller's scope (or one customer's), oldest first. */
export function usePendingReports(query: { customerId?: string; page?: number; pageSize?: number }) {
  return useQuery({
    queryKey: reportKeys.pending(query),
    queryFn: ({ signal }) => callEndpoint(E.pending, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReport(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchReport(id!, signal),
    enabled: !!id,
    refetchOnWindowFocus: true,
  });
}

/** The report as staff see it (the wizard): a customer-shaped answer is an error. */
export function useStaffReport(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchReport(id!, signal),
    select: staffDetail,
    enabled: !!id,
    refetchOnWindowFocus: true,
  });
}

/** Active catalogue services matching a search (the recommendation picker). */
export function useCatalogue(search: string) {
  return useQuery({
    queryKey: reportKeys.services(search),
    queryFn: async ({ signal }) => (await callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.list, { query: { search: search || undefined } }, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Customers for the wizard's first step: `mine` = the caller's team's customers. */
export function useCustomerChoices(search: string, mine: boolean, enabled = true) {
  return useQuery({
    queryKey: reportKeys.customers(search, mine),
    queryFn: async ({ signal }) =>
      (await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { pageSize: mine ? 50 : 20, sort: 'name', search: search || undefined, mine: mine ? 'true' : undefined } }, { signal })).data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useZones(customerId: string | undefined) {
  return useCustomerZones(customerId);
}

/** After any write: the answer is the fresh detail; lists, queue and pins are refetched. */
export function useDetailUpdate() {
  const client = useQueryClient();
  return (detail: AnyReportDetail) => {
    client.setQueryData(reportKeys.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: reportKeys.lists });
    void client.invalidateQueries({ queryKey: reportKeys.pins(detail.customerId) });
  };
}

export function useReportStep(id: string) {
  const update = useDetailUpdate();
  return useMutation({ mutationFn: (step: ReportStep) => reportStep(id, step), onSuccess: update });
}

/** A step on any report of a list (the review queue's approve / return without opening). */
export function useQueueStep() {
  const update = useDetailUpdate();
  return useMutation({ mutationFn: ({ id, step }: { id: string; step: ReportStep }) => reportStep(id, step), onSuccess: update });
}

export function useBulkApprove() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bulkApproveReports, onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }) });
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteReportDraft, onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.lists }) });
}
