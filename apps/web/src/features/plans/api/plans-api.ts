import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS, PLAN_ENDPOINTS, endpointPath, type OccurrenceListQuery, type OccurrenceUpdate, type PlanCreate, type PlanDetail, type PlanListQuery, type PlanUpdate } from '@grove/shared';
import { useEffect } from 'react';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { onItemSent, sendOrQueue } from '../../../app/offline/outbox';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

export const planKeys = {
  all: ['plans'] as const,
  list: (query: PlanListQuery) => ['plans', 'list', query] as const,
  detail: (id: string) => ['plans', 'detail', id] as const,
  occurrences: (id: string, query?: OccurrenceListQuery) => (query ? (['plans', 'occurrences', id, query] as const) : (['plans', 'occurrences', id] as const)),
  compare: (id: string, from: number, to: number) => ['plans', 'compare', id, from, to] as const,
};

/*
 * Writes are plain functions (no React): the offline queue can replay them later. Every POST goes
 * through `callEndpoint` (or the outbox), which sends an Idempotency-Key kept for the submission (same path and body),
 * so a retried create — a comment, a recorded visit — is carried out once (decision 011).
 */

/** Records one visit: done, skipped (with a reason), rescheduled (a new date) or back to planned. */
export function recordOccurrence(planId: string, occurrenceId: string, body: OccurrenceUpdate): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.recordOccurrence, { params: { id: planId, occurrenceId }, body });
}

/**
 * A visit recorded in the field: sent now when the network allows, otherwise kept in the outbox
 * with its Idempotency-Key and sent in order later (decision 019). Null: it waits on the device.
 */
export async function recordOccurrenceOrQueue(planId: string, occurrenceId: string, body: OccurrenceUpdate, subject: string): Promise<PlanDetail | null> {
  const result = await sendOrQueue<unknown>({
    kind: 'plan.occurrence',
    subject,
    recordKey: `plan:${planId}`,
    steps: [{ method: 'POST', path: endpointPath(PLAN_ENDPOINTS.recordOccurrence.path, { id: planId, occurrenceId }), body }],
  });
  // Checked against the contract like every other answer (the outbox sends raw requests).
  return result.queued ? null : PLAN_ENDPOINTS.recordOccurrence.response.parse(result.answer);
}

export function createPlan(body: PlanCreate): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.create, { body });
}

export function updatePlan(id: string, body: PlanUpdate): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.update, { params: { id }, body });
}

export function publishPlan(id: string, changeNote = ''): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.publish, { params: { id }, body: { changeNote } });
}

export function acknowledgePlan(id: string): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.acknowledge, { params: { id } });
}

export function commentOnPlan(id: string, text: string): Promise<PlanDetail> {
  return callEndpoint(PLAN_ENDPOINTS.comment, { params: { id }, body: { text } });
}

export function deletePlan(id: string): Promise<void> {
  return callEndpoint(PLAN_ENDPOINTS.delete, { params: { id } });
}

/** The plan as a PDF for boards, in the reader's language. */
export async function downloadPlanPdf(id: string): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(PLAN_ENDPOINTS.pdf, { params: { id } }, 'plan.pdf');
  downloadBlob(blob, fileName);
}

export function usePlanList(query: PlanListQuery, enabled = true) {
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(PLAN_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: planKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(PLAN_ENDPOINTS.get, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });
}

/** One page of the plan's visits (server paging: a quarter can hold hundreds). */
export function usePlanOccurrences(id: string, query: OccurrenceListQuery) {
  return useQuery({
    queryKey: planKeys.occurrences(id, query),
    queryFn: ({ signal }) => callEndpoint(PLAN_ENDPOINTS.occurrences, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Two published versions side by side and what changed between them. */
export function usePlanComparison(id: string, from: number | null, to: number | null) {
  return useQuery({
    queryKey: planKeys.compare(id, from ?? 0, to ?? 0),
    queryFn: ({ signal }) => callEndpoint(PLAN_ENDPOINTS.compare, { params: { id }, query: { from: from!, to: to! } }, { signal }),
    enabled: from !== null && to !== null && from !== to,
    staleTime: Infinity,
  });
}

/** A write that answers with the plan: the detail is replaced at once, lists and visit pages refresh. */
function usePlanWrite<A>(write: (args: A) => Promise<PlanDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (plan) => {
      client.setQueryData(planKeys.detail(plan.id), plan);
      void client.invalidateQueries({ queryKey: ['plans', 'list'] });
      void client.invalidateQueries({ queryKey: planKeys.occurrences(plan.id) });
    },
  });
}

export const useCreatePlan = () => usePlanWrite((body: PlanCreate) => createPlan(body));
export const useUpdatePlan = (id: string) => usePlanWrite((body: PlanUpdate) => updatePlan(id, body));
export const usePublishPlan = () => usePlanWrite(({ id, changeNote }: { id: string; changeNote?: string }) => publishPlan(id, changeNote));
export const useAcknowledgePlan = () => usePlanWrite((id: string) => acknowledgePlan(id));
export const useCommentOnPlan = () => usePlanWrite(({ id, text }: { id: string; text: string }) => commentOnPlan(id, text));

/** Ticks a visit; answers null when it was saved on the device to send later (offline). */
export function useRecordOccurrence() {
  const client = useQueryClient();
  // A visit sent from the outbox: show the plan as the server has it now.
  useEffect(
    () =>
      onItemSent((item) => {
        if (!item.recordKey.startsWith('plan:')) return;
        const id = item.recordKey.slice('plan:'.length);
        void client.invalidateQueries({ queryKey: planKeys.detail(id) });
        void client.invalidateQueries({ queryKey: planKeys.occurrences(id) });
      }),
    [client],
  );
  return useMutation({
    mutationFn: ({ planId, occurrenceId, body, subject }: { planId: string; occurrenceId: string; body: OccurrenceUpdate; subject: string }) =>
      recordOccurrenceOrQueue(planId, occurrenceId, body, subject),
    onSuccess: (plan) => {
      if (!plan) return;
      client.setQueryData(planKeys.detail(plan.id), plan);
      void client.invalidateQueries({ queryKey: ['plans', 'list'] });
      void client.invalidateQueries({ queryKey: planKeys.occurrences(plan.id) });
    },
  });
}

export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePlan(id),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: planKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ['plans', 'list'] });
    },
  });
}

/** The customer's name and property pin (the plan map, the new-plan breadcrumb). */
export function useCustomerPlace(id: string | undefined) {
  return useQuery({
    queryKey: ['plans', 'customer', id ?? ''] as const,
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
    staleTime: 10 * 60_000,
  });
}
