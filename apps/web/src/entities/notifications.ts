import { useMutation, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_ENDPOINTS, type Notification } from '@grove/shared';
import { callEndpoint } from '../app/endpoint-client';
import { queryClient } from '../app/query-client';

/*
 * The signed-in user's notifications (`/api/Notifications`). The hooks use the app's one query client
 * explicitly: the bell lives in the frame, which may render above a QueryClientProvider in tests.
 */
/** The bell polls this often while the tab is visible (and refetches when the window regains focus). */
export const UNREAD_POLL_MS = 60_000;
/** The bell's list shows the latest few. */
export const LATEST_COUNT = 10;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
};

export function useUnreadCount(enabled: boolean) {
  return useQuery(
    {
      queryKey: notificationKeys.unread,
      queryFn: async ({ signal }) => (await callEndpoint(NOTIFICATIONS_ENDPOINTS.unreadCount, {}, { signal })).count,
      enabled,
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
      staleTime: 0,
      // The next poll is the retry.
      retry: false,
    },
    queryClient,
  );
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery(
    {
      queryKey: notificationKeys.latest,
      queryFn: async ({ signal }) => (await callEndpoint(NOTIFICATIONS_ENDPOINTS.list, { query: { page: 1, pageSize: LATEST_COUNT } }, { signal })).data,
      enabled,
      staleTime: 0,
    },
    queryClient,
  );
}

function refresh(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkRead() {
  return useMutation(
    {
      mutationFn: (id: string) => callEndpoint(NOTIFICATIONS_ENDPOINTS.read, { params: { id } }),
      onSuccess: (read) => {
        // Show it read at once; the count catches up with the refetch.
        queryClient.setQueryData<Notification[]>(notificationKeys.latest, (list) => list?.map((item) => (item.id === read.id ? read : item)));
        queryClient.setQueryData<number>(notificationKeys.unread, (count) => (count ? count - 1 : count));
        void refresh();
      },
    },
    queryClient,
  );
}

export function useMarkAllRead() {
  return useMutation(
    {
      mutationFn: () => callEndpoint(NOTIFICATIONS_ENDPOINTS.readAll, {}),
      onSuccess: () => {
        queryClient.setQueryData<number>(notificationKeys.unread, 0);
        void refresh();
      },
    },
    queryClient,
  );
}
