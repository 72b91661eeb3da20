import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PORTAL_ACCESS_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../app/endpoint-client';
import { PICKER_PAGE_SIZE, serverFiltered, usePickerSearch, withSelected, type PickerOption } from './picker-search';

/**
 * A customer's portal users as other features pick them ("requested by"). The keys sit under the
 * portal-access screen's `['portal-users', customerId]`, which it invalidates after every write.
 */
export const portalUserKeys = {
  all: (customerId: string) => ['portal-users', customerId] as const,
  user: (customerId: string, userId: string) => ['portal-users', customerId, 'user', userId] as const,
  options: (customerId: string, search: string) => ['portal-users', customerId, 'options', search] as const,
};

const STALE_MS = 60_000;

/** Active portal users matching a search (first page by name); the server searches. */
export const portalUserOptionsQuery = (customerId: string | undefined, search: string) =>
  queryOptions({
    queryKey: portalUserKeys.options(customerId ?? '', search),
    queryFn: async ({ signal }) =>
      (await callEndpoint(PORTAL_ACCESS_ENDPOINTS.list, { params: { id: customerId! }, query: { pageSize: PICKER_PAGE_SIZE, status: 'active', search: search || undefined } }, { signal }))
        .data,
    enabled: !!customerId,
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: false,
  });

export const portalUserQuery = (customerId: string | undefined, userId: string | null | undefined) =>
  queryOptions({
    queryKey: portalUserKeys.user(customerId ?? '', userId ?? ''),
    queryFn: ({ signal }) => callEndpoint(PORTAL_ACCESS_ENDPOINTS.detail, { params: { id: customerId!, userId: userId! } }, { signal }),
    enabled: !!customerId && !!userId,
    staleTime: STALE_MS,
    retry: false,
  });

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/**
 * A searchable picker of the customer's active portal users (only portal managers may list them:
 * pass `customerId` only then). Spread `select` into a Mantine Select.
 */
export function usePortalUserPicker(customerId: string | undefined, selectedId: string | null) {
  const selected = useQuery(portalUserQuery(customerId, selectedId));
  const selectedOption: PickerOption | undefined = selected.data ? { value: selected.data.userId, label: fullName(selected.data) } : undefined;
  const { search, setSearch, term } = usePickerSearch(selectedOption?.label);
  const options = useQuery(portalUserOptionsQuery(customerId, term));
  const data = withSelected((options.data ?? []).map((user) => ({ value: user.userId, label: fullName(user) })), selectedOption);
  return {
    isError: options.isError,
    isFetching: options.isFetching,
    select: { data, searchable: true, searchValue: search, onSearchChange: setSearch, filter: serverFiltered },
  };
}
