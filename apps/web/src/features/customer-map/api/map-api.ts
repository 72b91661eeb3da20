import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS, type CustomerUpdate, type CustomerZone, type CustomerZoneWrite } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { customerKeys, customerZonesQuery } from '../../../entities/customers';

// The same cache keys as the customer pages, so a saved pin or zone shows there at once.
const detailKey = (id: string) => ['customers', 'detail', id] as const;
const zonesKey = customerKeys.zones;
const overviewKey = (id: string) => ['customers', 'overview', id] as const;

export function useMapCustomer(id: string | undefined) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });
}

export function useZones(id: string | undefined) {
  return useQuery({
    ...customerZonesQuery(id),
    // The editor shows what is saved now.
    staleTime: 0,
  });
}

/** Create, change and delete zones; the cached list follows each answer. */
export function useZoneMutations(customerId: string) {
  const queryClient = useQueryClient();
  const setZones = (update: (zones: CustomerZone[]) => CustomerZone[]) => {
    queryClient.setQueryData<CustomerZone[]>(zonesKey(customerId), (zones = []) => update(zones));
    void queryClient.invalidateQueries({ queryKey: overviewKey(customerId) });
  };
  return {
    create: useMutation({
      mutationFn: (body: CustomerZoneWrite) => callEndpoint(CUSTOMERS_ENDPOINTS.createZone, { params: { id: customerId }, body }),
      onSuccess: (zone) => setZones((zones) => [...zones, zone]),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CustomerZoneWrite }) => callEndpoint(CUSTOMERS_ENDPOINTS.updateZone, { params: { id: customerId, zoneId: id }, body }),
      onSuccess: (zone) => setZones((zones) => zones.map((current) => (current.id === zone.id ? zone : current))),
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(CUSTOMERS_ENDPOINTS.removeZone, { params: { id: customerId, zoneId: id } }),
      onSuccess: (_, id) => setZones((zones) => zones.filter((zone) => zone.id !== id)),
    }),
  };
}

/** Sets (or clears, with nulls) the property pin. */
export function useSaveLocation(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<CustomerUpdate, 'latitude' | 'longitude'>) => callEndpoint(CUSTOMERS_ENDPOINTS.update, { params: { id: customerId }, body }),
    onSuccess: (customer) => {
      queryClient.setQueryData(detailKey(customerId), customer);
      void queryClient.invalidateQueries({ queryKey: ['customers', 'list'] });
    },
  });
}
