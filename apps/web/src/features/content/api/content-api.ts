import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_ENDPOINTS, type ContentInput, type ContentListQuery } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

export const contentKeys = {
  all: ['content'] as const,
  list: (query: ContentListQuery) => ['content', 'list', query] as const,
  feed: (customerId: string) => ['content', 'feed', customerId] as const,
  audienceOptions: ['content', 'audience-options'] as const,
};

export function useContentList(query: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(CONTENT_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The audiences the signed-in staff member may address (decision 041); the server stays the authority. */
export function useContentAudienceOptions() {
  return useQuery({
    queryKey: contentKeys.audienceOptions,
    queryFn: ({ signal }) => callEndpoint(CONTENT_ENDPOINTS.audienceOptions, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** What the signed-in customer-side user may read at one property now. */
export function useContentFeed(customerId: string) {
  return useQuery({
    queryKey: contentKeys.feed(customerId),
    queryFn: async ({ signal }) => (await callEndpoint(CONTENT_ENDPOINTS.feed, { query: { customerId } }, { signal })).data,
    staleTime: 60_000,
  });
}

export function useSaveContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ContentInput }) =>
      id ? callEndpoint(CONTENT_ENDPOINTS.update, { params: { id }, body }) : callEndpoint(CONTENT_ENDPOINTS.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useContentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'publish' | 'unpublish' | 'delete' }) => {
      if (action === 'delete') await callEndpoint(CONTENT_ENDPOINTS.delete, { params: { id } });
      else await callEndpoint(CONTENT_ENDPOINTS[action], { params: { id } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** Records that the user opened an item (the server counts each person once). */
export function useRecordOpen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(CONTENT_ENDPOINTS.open, { params: { id } }),
    onSuccess: (_data, _id) => client.invalidateQueries({ queryKey: ['content', 'feed'] }),
  });
}
