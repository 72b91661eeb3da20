import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORANGE_REPORT_SERVICE_ENDPOINTS,
  PLAN_TEMPLATE_ENDPOINTS,
  type PlanTemplateCopy,
  type PlanTemplateCreate,
  type PlanTemplateInput,
  type PlanTemplateListQuery,
} from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { useCustomerZones } from '../../../entities/customers';

export const templateKeys = {
  all: ['planTemplates'] as const,
  list: (query: PlanTemplateListQuery) => ['planTemplates', 'list', query] as const,
  detail: (id: string) => ['planTemplates', 'detail', id] as const,
  catalogue: ['planTemplates', 'catalogue'] as const,
};

const REFERENCE_STALE_MS = 10 * 60_000;

export function useTemplateList(query: PlanTemplateListQuery, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.get, { params: { id: id! } }, { signal }),
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
    queryFn: async ({ signal }) => (await callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.list, { query: {} }, { signal })).data,
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
    mutationFn: (body: PlanTemplateCreate) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateTemplate(id: string) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: PlanTemplateInput) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCopyTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, ...body }: PlanTemplateCopy & { id: string }) => callEndpoint(PLAN_TEMPLATE_ENDPOINTS.copy, { params: { id }, body }),
    onSuccess: invalidate,
  });
}
