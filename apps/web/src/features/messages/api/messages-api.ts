import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS, MESSAGE_ENDPOINTS, type MessageFilter, type MessageReplyCreate, type MessageThreadCreate } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

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
      callEndpoint(
        MESSAGE_ENDPOINTS.list,
        {
          query: {
            page: query.page,
            pageSize: query.pageSize,
            search: query.search || undefined,
            customerId: query.customerId,
            filter: query.filters.length ? query.filters.join(',') : undefined,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useThread(id: string | undefined) {
  return useQuery({
    queryKey: messageKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(MESSAGE_ENDPOINTS.get, { params: { id: id! } }, { signal }),
    enabled: !!id,
    refetchOnWindowFocus: true,
  });
}

export function useRecipients(customerId: string | undefined) {
  return useQuery({
    queryKey: messageKeys.recipients(customerId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(MESSAGE_ENDPOINTS.recipients, { query: { customerId: customerId! } }, { signal })).data,
    enabled: !!customerId,
  });
}

/** Customers in the caller's scope for the message center's "new message" picker. */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: messageKeys.customers(search),
    queryFn: async ({ signal }) =>
      (await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { page: 1, pageSize: 20, search: search || undefined, sort: 'name' } }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCreateThread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageThreadCreate) => callEndpoint(MESSAGE_ENDPOINTS.create, { body }),
    onSuccess: (thread) => {
      client.setQueryData(messageKeys.detail(thread.id), thread);
      void client.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

export function useReply(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageReplyCreate) => callEndpoint(MESSAGE_ENDPOINTS.reply, { params: { id: threadId }, body }),
    onSuccess: (thread) => {
      client.setQueryData(messageKeys.detail(thread.id), thread);
      void client.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

export function useAddParticipants(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => callEndpoint(MESSAGE_ENDPOINTS.addParticipants, { params: { id: threadId }, body: { userIds } }),
    onSuccess: (thread) => client.setQueryData(messageKeys.detail(thread.id), thread),
  });
}

/** Marks the thread read; lists and the unread badge refresh. */
export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => callEndpoint(MESSAGE_ENDPOINTS.markRead, { params: { id: threadId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: messageKeys.lists });
      void client.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}
