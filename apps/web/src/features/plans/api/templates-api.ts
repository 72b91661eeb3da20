import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrangeReportService, PlanTemplate, PlanTemplateCopy, PlanTemplateCreate, PlanTemplateInput, PlanTemplateSummary } from '@grove/shared';
import { api, getList, getOne, type Query } from '../../../app/api-client';
import { useCustomerZones } from '../../../entities/customers';

const TEMPLATES = '/api/quarterlyPlanTemplates';

export const templateKeys = {
  all: ['planTemplates'] as const,
  list: (query: Query) => ['planTemplates', 'list', query] as const,
  detail: (id: string) => ['planTemplates', 'detail', id] as const,
  catalogue: ['planTemplates', 'catalogue'] as const,
};

const REFERENCE_STALE_MS = 10 * 60_000;

export function useTemplateList(query: Query, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => getList<PlanTemplateSummary>(TEMPLATES, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOne<PlanTemplate>(TEMPLATES, id!, signal),
    enabled: !!id,
  });
}

export { useRegions } from '../../../entities/branches';

/** The zones of a customer's map, for the zone picker of its templates and plans. */
export function useZones(customerId: string | null | undefined) {
  return useCustomerZones(customerId);
}

/** The orange-report service catalogue (active services), for linking plan items to a service. */
export function useServiceCatalogue() {
  return useQuery({
    queryKey: templateKeys.catalogue,
    queryFn: async ({ signal }) => (await api.get<{ data: OrangeReportService[] }>('/api/OrangeReportServices', undefined, { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

function useInvalidateTemplates() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: PlanTemplateCreate) => api.post<PlanTemplate>(TEMPLATES, body),
    onSuccess: invalidate,
  });
}

export function useUpdateTemplate(id: string) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: PlanTemplateInput) => api.put<PlanTemplate>(`${TEMPLATES}/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${TEMPLATES}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useCopyTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, ...body }: PlanTemplateCopy & { id: string }) => api.post<PlanTemplate>(`${TEMPLATES}/${encodeURIComponent(id)}/copy`, body),
    onSuccess: invalidate,
  });
}
