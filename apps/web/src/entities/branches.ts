import { queryOptions, useQuery } from '@tanstack/react-query';
import { REGIONS_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../app/endpoint-client';

/**
 * Regions and branches, shared by every screen that filters or picks them (customers, service
 * requests, team directory, settings). One cache key each: a write in Settings invalidates
 * `branchKeys.all` / `regionKeys.all` and every screen follows (issue 8 §5).
 */
export const branchKeys = { all: ['branches'] as const };
export const regionKeys = { all: ['regions'] as const };

const REFERENCE_STALE_MS = 5 * 60_000;

export const branchesQuery = () =>
  queryOptions({
    queryKey: branchKeys.all,
    queryFn: async ({ signal }) => (await callEndpoint(REGIONS_ENDPOINTS.listBranches, {}, { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });

export const regionsQuery = () =>
  queryOptions({
    queryKey: regionKeys.all,
    queryFn: async ({ signal }) => (await callEndpoint(REGIONS_ENDPOINTS.listRegions, {}, { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });

export function useBranches(enabled = true) {
  return useQuery({ ...branchesQuery(), enabled });
}

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQuery(), enabled });
}
