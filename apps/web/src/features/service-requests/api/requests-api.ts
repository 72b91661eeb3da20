import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMERS_ENDPOINTS,
  SERVICE_REQUEST_TYPES_ENDPOINTS,
  SERVICE_REQUESTS_ENDPOINTS,
  endpointPath,
  type serviceRequestDetailSchema,
  type serviceRequestIdParamsSchema,
  type BulkAssign,
  type Endpoint,
  type EndpointInput,
  type ServiceRequestCreate,
  type ServiceRequestDetail,
} from '@grove/shared';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { customerDetailQuery } from '../../../entities/customers';
import { onItemSent, sendOrQueue, type LocalPhoto } from '../../../app/offline/outbox';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import type { RequestListQuery } from '../components/list-params';

export const requestKeys = {
  all: ['serviceRequests'] as const,
  lists: ['serviceRequests', 'list'] as const,
  list: (query: RequestListQuery) => ['serviceRequests', 'list', query] as const,
  detail: (id: string) => ['serviceRequests', 'detail', id] as const,
  types: ['serviceRequests', 'types'] as const,
  priorities: ['serviceRequests', 'priorities'] as const,
  customers: (search: string) => ['serviceRequests', 'customers', search] as const,
};

/** `GET /api/ServiceRequests?…` (always limited to the caller's scope by the server). */
export function useRequestList(query: RequestListQuery, enabled = true) {
  return useQuery({
    queryKey: requestKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(SERVICE_REQUESTS_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRequest(id: string | undefined) {
  const client = useQueryClient();
  // A change sent from the outbox: show the request as the server has it now.
  useEffect(
    () =>
      onItemSent((item) => {
        if (id && item.recordKey === `serviceRequest:${id}`) {
          void client.invalidateQueries({ queryKey: requestKeys.detail(id) });
          void client.invalidateQueries({ queryKey: requestKeys.lists });
        }
      }),
    [client, id],
  );
  return useQuery({
    queryKey: requestKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(SERVICE_REQUESTS_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
    // Someone switching back from another app (or tab) sees the request as it is now.
    refetchOnWindowFocus: true,
  });
}

/** Reference lists change rarely: keep them for the session. */
const REFERENCE_STALE_MS = 10 * 60_000;

export function useRequestTypes() {
  return useQuery({
    queryKey: requestKeys.types,
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUEST_TYPES_ENDPOINTS.listTypes, {}, { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function usePriorities() {
  return useQuery({
    queryKey: requestKeys.priorities,
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUEST_TYPES_ENDPOINTS.listPriorities, {}, { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Staff on the customer's team: the people a request of this customer can be assigned to. */
export { useCustomerTeam } from '../../../entities/customers';

/** The zones drawn on the customer's map: a request can say which one it is about. */
export { useCustomerZones } from '../../../entities/customers';

/** Customers matching a search, for the customer filter of the global list. */
export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: requestKeys.customers(search),
    queryFn: async ({ signal }) =>
      (await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { pageSize: 20, sort: 'name', search: search || undefined } }, { signal })).data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The name of one customer (the selected customer filter). */
export { useCustomerName } from '../../../entities/customers';

/**
 * Whether the caller may read the customer's portal users (and so pick "requested by"): only
 * those who manage its portal access; others are never asked (issue 17 §12: no 403 on the form).
 */
export function useMayListPortalUsers(id: string | undefined) {
  return useQuery({ ...customerDetailQuery(id), select: (customer) => customer.permissions.managePortal === true });
}

/** `GET /api/ServiceRequests/export.csv` with the list's current filter (all pages). */
export async function exportRequestsCsv(query: RequestListQuery): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filter } = query;
  const { blob, fileName } = await downloadEndpoint(SERVICE_REQUESTS_ENDPOINTS.exportCsv, { query: filter }, 'service-requests.csv');
  downloadBlob(blob, fileName);
}

/** After any change: the answer is the fresh detail; lists and counts are refetched. */
function useDetailUpdate() {
  const client = useQueryClient();
  return (detail: ServiceRequestDetail) => {
    client.setQueryData(requestKeys.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: requestKeys.lists });
  };
}

export function useCreateRequest() {
  const update = useDetailUpdate();
  return useMutation({
    mutationFn: (body: ServiceRequestCreate) => callEndpoint(SERVICE_REQUESTS_ENDPOINTS.create, { body }),
    onSuccess: update,
  });
}

/** Every `POST /api/ServiceRequests/{id}/{action}` step, plus assignment, priority and comments. */
const STEP_ENDPOINTS = {
  acknowledge: SERVICE_REQUESTS_ENDPOINTS.acknowledge,
  schedule: SERVICE_REQUESTS_ENDPOINTS.schedule,
  start: SERVICE_REQUESTS_ENDPOINTS.start,
  complete: SERVICE_REQUESTS_ENDPOINTS.complete,
  close: SERVICE_REQUESTS_ENDPOINTS.close,
  cancel: SERVICE_REQUESTS_ENDPOINTS.cancel,
  reopen: SERVICE_REQUESTS_ENDPOINTS.reopen,
  assign: SERVICE_REQUESTS_ENDPOINTS.assign,
  priority: SERVICE_REQUESTS_ENDPOINTS.priority,
  comments: SERVICE_REQUESTS_ENDPOINTS.addComment,
};
type StepAction = keyof typeof STEP_ENDPOINTS;
/** What every step endpoint shares: the request id in the path, the whole request as the answer. */
type StepEndpoint = Endpoint<typeof serviceRequestIdParamsSchema, undefined, z.ZodType, typeof serviceRequestDetailSchema>;
type StepBody<A extends StepAction> = EndpointInput<(typeof STEP_ENDPOINTS)[A]>['body'];

/** A step and its body as the contract declares it (optional where the endpoint takes an empty one). */
export type RequestStep = {
  [A in StepAction]: object extends NonNullable<StepBody<A>> ? { action: A; body?: StepBody<A> } : { action: A; body: StepBody<A> };
}[StepAction];

/** Scheduling: the day, an optional time window (`HH:mm`) and the crew. */
export type ScheduleStepBody = StepBody<'schedule'>;

/** Steps a crew can take in the field without a network: they go through the outbox then (decision 019). */
const FIELD_STEPS: ReadonlySet<RequestStep['action']> = new Set(['comments', 'start', 'complete']);

export type StepOutcome = { queued: false; detail: ServiceRequestDetail } | { queued: true };

/**
 * Every step as a POST. Field steps (comment, start, complete) are sent now when possible and
 * otherwise saved on the device with their photos and sent later (decision 019); `localPhotos`
 * are photos picked offline, referenced in the body as `{{photo:N}}`.
 */
export function useRequestStep(id: string, request?: Pick<ServiceRequestDetail, 'number' | 'customerId'>) {
  const update = useDetailUpdate();
  return useMutation({
    mutationFn: async ({ localPhotos, ...step }: RequestStep & { localPhotos?: LocalPhoto[] }): Promise<StepOutcome> => {
      const endpoint: StepEndpoint = STEP_ENDPOINTS[step.action];
      const body = step.body ?? {};
      if (!FIELD_STEPS.has(step.action) || !request) return { queued: false, detail: await callEndpoint(endpoint, { params: { id }, body }) };
      const path = endpointPath(endpoint.path, { id });
      const result = await sendOrQueue<unknown>({
        kind: `serviceRequest.${step.action}`,
        subject: request.number,
        recordKey: `serviceRequest:${id}`,
        link: `/service-requests/${encodeURIComponent(id)}/update`,
        photos: localPhotos,
        steps: [{ method: 'POST', path, body }],
      });
      // Sent now: the answer is checked against the step's contract like any other call.
      return result.queued ? { queued: true } : { queued: false, detail: endpoint.response.parse(result.answer) };
    },
    onSuccess: (outcome) => {
      if (!outcome.queued) update(outcome.detail);
    },
  });
}

/** `{{photo:N}}` for each photo picked offline, after any already uploaded ids. */
export function offlinePhotoRefs(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `{{photo:${index}}}`);
}

export function useBulkAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAssign) => callEndpoint(SERVICE_REQUESTS_ENDPOINTS.bulkAssign, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
