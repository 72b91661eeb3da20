import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentFeedItem, ContentInput, ContentItem, ContentState } from '@grove/shared';
import { api, getList } from '../../../app/api-client';

const BASE = '/api/Content';

export interface ContentListQuery {
  page: number;
  pageSize: number;
  search?: string;
  state?: ContentState;
}

export const contentKeys = {
  all: ['content'] as const,
  list: (query: ContentListQuery) => ['content', 'list', query] as const,
  feed: (customerId: string) => ['content', 'feed', customerId] as const,
};

export function useContentList(query: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => getList<ContentItem>(BASE, { ...query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** What the signed-in customer-side user may read at one property now. */
export function useContentFeed(customerId: string) {
  return useQuery({
    queryKey: contentKeys.feed(customerId),
    queryFn: async ({ signal }) => (await api.get<{ data: ContentFeedItem[] }>(`${BASE}/feed`, { customerId }, { signal })).data,
    staleTime: 60_000,
  });
}

export function useSaveContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ContentInput }) => (id ? api.put<ContentItem>(`${BASE}/${id}`, body) : api.post<ContentItem>(BASE, body)),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useContentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'publish' | 'unpublish' | 'delete' }) => {
      if (action === 'delete') await api.delete(`${BASE}/${id}`);
      else await api.post<ContentItem>(`${BASE}/${id}/${action}`, {});
    },
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** Records that the user opened an item (the server counts each person once). */
export function useRecordOpen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`${BASE}/${id}/open`, {}),
    onSuccess: (_data, _id) => client.invalidateQueries({ queryKey: ['content', 'feed'] }),
  });
}
