import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageFilter,
  MessageRecipient,
  MessageReplyCreate,
  MessageThreadCreate,
  MessageThreadDetail,
  MessageThreadSummary,
} from '@grove/shared';
import { api, getList, getOne } from '../../../app/api-client';

const BASE = '/api/Messages';

export interface ThreadListQuery {
  page: number;
  pageSize: number;
  search?: string;
  customerId?: string;
  filters: readonly MessageFilter[];
}

/** Query keys; the live-update stream invalidates `messageKeys.all` on message events. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (query: ThreadListQuery) => ['messages', 'list', query] as const,
  detail: (id: string) => ['messages', 'detail', id] as const,
  unread: ['messages', 'unread'] as const,
  recipients: (customerId: string) => ['messages', 'recipients', customerId] as const,
  customers: (search: string) => ['messages', 'customers', search] as const,
};

export function useThreadList(query: ThreadListQuery) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) =>
      getList<MessageThreadSummary>(
        BASE,
        {
          page: query.page,
          pageSize: query.pageSize,
          search: query.search || undefined,
          customerId: query.customerId,
          filter: query.filters.length ? query.filters.join(',') : undefined,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useThread(id: string | undefined) {
  return useQuery({
    queryKey: messageKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOne<MessageThreadDetail>(BASE, id!, signal),
    enabled: !!id,
    refetchOnWindowFocus: true,
  });
}

export function useRecipients(customerId: string | undefined) {
  return useQuery({
    queryKey: messageKeys.recipients(customerId ?? ''),
    queryFn: async ({ signal }) => (await api.get<{ data: MessageRecipient[] }>(`${BASE}/recipients`, { customerId }, { signal })).data,
    enabled: !!customerId,
  });
}

/** Customers in the caller's scope for the message center's "new message" picker. */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: messageKeys.customers(search),
    queryFn: async ({ signal }) =>
      (await getList<{ id: string; name: string; accountNumber: string }>('/api/Customers', { page: 1, pageSize: 20, search: search || undefined, sort: 'name' }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useCreateThread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageThreadCreate) => api.post<MessageThreadDetail>(BASE, body),
    onSuccess: (thread) => {
      client.setQueryData(messageKeys.detail(thread.id), thread);
      void client.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

export function useReply(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageReplyCreate) => api.post<MessageThreadDetail>(`${BASE}/${encodeURIComponent(threadId)}/replies`, body),
    onSuccess: (thread) => {
      client.setQueryData(messageKeys.detail(thread.id), thread);
      void client.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

export function useAddParticipants(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => api.post<MessageThreadDetail>(`${BASE}/${encodeURIComponent(threadId)}/participants`, { userIds }),
    onSuccess: (thread) => client.setQueryData(messageKeys.detail(thread.id), thread),
  });
}

/** Marks the thread read; lists and the unread badge refresh. */
export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => api.post<{ readAt: string }>(`${BASE}/${encodeURIComponent(threadId)}/read`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: messageKeys.lists });
      void client.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}
