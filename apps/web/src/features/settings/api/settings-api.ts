import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORANGE_REPORT_SERVICE_ENDPOINTS,
  COMPANY_SETTINGS_ENDPOINTS,
  REGIONS_ENDPOINTS,
  SERVICE_REQUEST_TYPES_ENDPOINTS,
  type BranchCreate,
  type BranchUpdate,
  type CompanySettingsWrite,
  type OrangeReportServiceCreate,
  type OrangeReportServiceUpdate,
  type RegionWrite,
  type ServiceRequestPriorityUpdate,
  type ServiceRequestTypeCreate,
  type ServiceRequestTypeUpdate,
} from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { branchKeys, regionKeys } from '../../../entities/branches';

/** The same cache as every picker and filter: a write here reaches them all. */
export { useBranches, useRegions } from '../../../entities/branches';

/** Settings list retired entries too (pickers elsewhere leave them out). */
export function useRequestTypeSettings() {
  return useQuery({
    queryKey: ['settings', 'requestTypes'],
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUEST_TYPES_ENDPOINTS.listTypes, { query: { includeRetired: 'true' } }, { signal })).data,
  });
}

export function usePrioritySettings() {
  return useQuery({
    queryKey: ['settings', 'priorities'],
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUEST_TYPES_ENDPOINTS.listPriorities, { query: { includeRetired: 'true' } }, { signal })).data,
  });
}

/** System Admin writes; each refreshes this page and the pickers of other screens that share the data. */
export function useRegionMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: regionKeys.all });
    await queryClient.invalidateQueries({ queryKey: branchKeys.all });
  };
  return {
    createRegion: useMutation({ mutationFn: (body: RegionWrite) => callEndpoint(REGIONS_ENDPOINTS.createRegion, { body }), onSuccess: refresh }),
    updateRegion: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RegionWrite }) => callEndpoint(REGIONS_ENDPOINTS.updateRegion, { params: { id }, body }),
      onSuccess: refresh,
    }),
    createBranch: useMutation({ mutationFn: (body: BranchCreate) => callEndpoint(REGIONS_ENDPOINTS.createBranch, { body }), onSuccess: refresh }),
    updateBranch: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BranchUpdate }) => callEndpoint(REGIONS_ENDPOINTS.updateBranch, { params: { id }, body }),
      onSuccess: refresh,
    }),
  };
}

export function useReferenceMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['settings'] });
    await queryClient.invalidateQueries({ queryKey: ['serviceRequests'] });
  };
  const endpoints = SERVICE_REQUEST_TYPES_ENDPOINTS;
  return {
    createType: useMutation({ mutationFn: (body: ServiceRequestTypeCreate) => callEndpoint(endpoints.createType, { body }), onSuccess: refresh }),
    updateType: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ServiceRequestTypeUpdate }) => callEndpoint(endpoints.updateType, { params: { id }, body }),
      onSuccess: refresh,
    }),
    deleteType: useMutation({ mutationFn: (id: string) => callEndpoint(endpoints.removeType, { params: { id } }), onSuccess: refresh }),
    updatePriority: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ServiceRequestPriorityUpdate }) => callEndpoint(endpoints.updatePriority, { params: { id }, body }),
      onSuccess: refresh,
    }),
    deletePriority: useMutation({ mutationFn: (id: string) => callEndpoint(endpoints.removePriority, { params: { id } }), onSuccess: refresh }),
  };
}

/** The orange-report service catalogue, retired services included (pickers elsewhere leave them out). */
export function useCatalogueSettings() {
  return useQuery({
    queryKey: ['settings', 'catalogue'],
    queryFn: async ({ signal }) => (await callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.list, { query: { includeRetired: 'true' } }, { signal })).data,
  });
}

export function useCatalogueMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['settings', 'catalogue'] });
    // Report, plan and proposal forms cache the active catalogue under this key.
    await queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  };
  return {
    createService: useMutation({ mutationFn: (body: OrangeReportServiceCreate) => callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.create, { body }), onSuccess: refresh }),
    updateService: useMutation({
      mutationFn: ({ id, body }: { id: string; body: OrangeReportServiceUpdate }) => callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    deleteService: useMutation({ mutationFn: (id: string) => callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.delete, { params: { id } }), onSuccess: refresh }),
  };
}

/** The company details printed on invoices (System Admin changes them). */
export function useCompanySettings() {
  return useQuery({
    queryKey: ['settings', 'company'],
    queryFn: ({ signal }) => callEndpoint(COMPANY_SETTINGS_ENDPOINTS.get, {}, { signal }),
  });
}

export function useSaveCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsWrite) => callEndpoint(COMPANY_SETTINGS_ENDPOINTS.update, { body }),
    onSuccess: (answer) => client.setQueryData(['settings', 'company'], answer),
  });
}
