import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KUDOS_ENDPOINTS, type KudosCreate } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** Query keys; live updates invalidate `kudosKeys.all` on kudos events. */
export const kudosKeys = {
  all: ['kudos'] as const,
  list: (customerId: string, page: number) => ['kudos', 'list', customerId, page] as const,
  recipients: (customerId: string) => ['kudos', 'recipients', customerId] as const,
};

export function useKudosRecipients(customerId: string) {
  return useQuery({
    queryKey: kudosKeys.recipients(customerId),
    queryFn: async ({ signal }) => (await callEndpoint(KUDOS_ENDPOINTS.recipients, { query: { customerId } }, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Kudos of one customer: those the caller sent (customer users) or all of them (staff). */
export function useKudosList(customerId: string, page: number, pageSize = 10) {
  return useQuery({
    queryKey: [...kudosKeys.list(customerId, page), pageSize],
    queryFn: ({ signal }) => callEndpoint(KUDOS_ENDPOINTS.list, { query: { customerId, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSendKudos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KudosCreate) => callEndpoint(KUDOS_ENDPOINTS.send, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: kudosKeys.all }),
  });
}
