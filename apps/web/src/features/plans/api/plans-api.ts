import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OccurrenceUpdate, PlanCreate, PlanDetail, PlanSummary, PlanUpdate } from '@grove/shared';
import { api, apiDownload, getList, getOne, type Query } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

const PLANS = '/api/quarterlyPlans';
const path = (id: string, rest = '') => `${PLANS}/${encodeURIComponent(id)}${rest}`;

export const planKeys = {
  all: ['plans'] as const,
  list: (query: Query) => ['plans', 'list', query] as const,
  detail: (id: string) => ['plans', 'detail', id] as const,
};

/*
 * Writes are plain functions (no React): the offline queue can replay them later. Every POST goes
 * through `api.post`, which sends an Idempotency-Key kept for the submission (same path and body),
 * so a retried create — a comment, a recorded visit — is carried out once (decision 011).
 */

/** Records one visit: done, skipped (with a reason), rescheduled (a new date) or back to planned. */
export function recordOccurrence(planId: string, occurrenceId: string, body: OccurrenceUpdate): Promise<PlanDetail> {
  return api.post<PlanDetail>(path(planId, `/occurrences/${encodeURIComponent(occurrenceId)}`), body);
}

export function createPlan(body: PlanCreate): Promise<PlanDetail> {
  return api.post<PlanDetail>(PLANS, body);
}

export function updatePlan(id: string, body: PlanUpdate): Promise<PlanDetail> {
  return api.put<PlanDetail>(path(id), body);
}

export function publishPlan(id: string, changeNote = ''): Promise<PlanDetail> {
  return api.post<PlanDetail>(path(id, '/publish'), { changeNote });
}

export function acknowledgePlan(id: string): Promise<PlanDetail> {
  return api.post<PlanDetail>(path(id, '/acknowledge'));
}

export function commentOnPlan(id: string, text: string): Promise<PlanDetail> {
  return api.post<PlanDetail>(path(id, '/comments'), { text });
}

export function deletePlan(id: string): Promise<null> {
  return api.delete<null>(path(id));
}

/** The plan as a PDF for boards, in the reader's language. */
export async function downloadPlanPdf(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload(path(id, '/pdf'), undefined, 'plan.pdf');
  downloadBlob(blob, fileName);
}

export function usePlanList(query: Query, enabled = true) {
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => getList<PlanSummary>(PLANS, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: planKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOne<PlanDetail>(PLANS, id!, signal),
    enabled: !!id,
  });
}

/** A write that answers with the plan: the detail is replaced at once, lists refresh. */
function usePlanWrite<A>(write: (args: A) => Promise<PlanDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (plan) => {
      client.setQueryData(planKeys.detail(plan.id), plan);
      void client.invalidateQueries({ queryKey: ['plans', 'list'] });
    },
  });
}

export const useCreatePlan = () => usePlanWrite((body: PlanCreate) => createPlan(body));
export const useUpdatePlan = (id: string) => usePlanWrite((body: PlanUpdate) => updatePlan(id, body));
export const usePublishPlan = () => usePlanWrite(({ id, changeNote }: { id: string; changeNote?: string }) => publishPlan(id, changeNote));
export const useAcknowledgePlan = () => usePlanWrite((id: string) => acknowledgePlan(id));
export const useCommentOnPlan = () => usePlanWrite(({ id, text }: { id: string; text: string }) => commentOnPlan(id, text));
export const useRecordOccurrence = () =>
  usePlanWrite(({ planId, occurrenceId, body }: { planId: string; occurrenceId: string; body: OccurrenceUpdate }) => recordOccurrence(planId, occurrenceId, body));

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
