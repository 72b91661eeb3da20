import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../app/endpoint-client';

/**
 * Customer records several features show: the zones of a customer's map (customers, map editor,
 * requests, plans, orange reports), its team and the customer pickers. One cache key each, so the
 * map editor's write or a team change reaches every screen (issue 8 §5: before, four features kept
 * zones under four keys and only one of them was refreshed).
 */
export const customerKeys = {
  all: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  list: (params: object) => ['customers', 'list', params] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  overview: (id: string) => ['customers', 'overview', id] as const,
  zones: (id: string) => ['customers', 'zones', id] as const,
  settings: (id: string) => ['customers', 'settings', id] as const,
  team: (id: string) => ['customers', 'team', id] as const,
  options: (search: string) => ['customers', 'options', search] as const,
};

const REFERENCE_STALE_MS = 5 * 60_000;

export const customerZonesQuery = (customerId: string | null | undefined) =>
  queryOptions({
    queryKey: customerKeys.zones(customerId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(CUSTOMERS_ENDPOINTS.zones, { params: { id: customerId! } }, { signal })).data,
    enabled: !!customerId,
    staleTime: REFERENCE_STALE_MS,
  });

/** The staff on a customer's team (the people its requests can be assigned to). */
export const customerTeamQuery = (customerId: string | null | undefined) =>
  queryOptions({
    queryKey: customerKeys.team(customerId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(CUSTOMERS_ENDPOINTS.team, { params: { id: customerId! } }, { signal })).data,
    enabled: !!customerId,
    staleTime: REFERENCE_STALE_MS,
  });

/** Customers matching a search (first 20 by name), for pickers; the server searches. */
export const customerOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: customerKeys.options(search),
    queryFn: async ({ signal }) => (await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { pageSize: 20, sort: 'name', search: search || undefined } }, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: REFERENCE_STALE_MS,
  });

/** One customer's record (its name, address, permissions), under the key every screen shares. */
export const customerDetailQuery = (customerId: string | null | undefined) =>
  queryOptions({
    queryKey: customerKeys.detail(customerId ?? ''),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.detail, { params: { id: customerId! } }, { signal }),
    enabled: !!customerId,
    staleTime: REFERENCE_STALE_MS,
  });

/** The customer's name (breadcrumbs, filters). */
export function useCustomerName(customerId: string | null | undefined) {
  return useQuery({ ...customerDetailQuery(customerId), select: (customer) => customer.name });
}

export function useCustomerZones(customerId: string | null | undefined) {
  return useQuery(customerZonesQuery(customerId));
}

export function useCustomerTeam(customerId: string | null | undefined) {
  return useQuery(customerTeamQuery(customerId));
}

export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({ ...customerOptionsQuery(search), enabled });
}
