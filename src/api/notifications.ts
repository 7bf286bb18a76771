import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@/contract/endpoints/notifications';
import type { Notification } from '@/contract/entities';
import { fetchDetails } from './client';

export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list'],
      queryFn: ({ signal }) => fetchDetails(notificationEndpoints.notifications, { signal }),
    }),
};

export function withNotificationRead(list: readonly Notification[] | undefined, id: number): Notification[] {
  return (list ?? []).map((item) => (item.id === id ? { ...item, isRead: true } : item));
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  const listKey = notificationQueries.list().queryKey;
  return useMutation({
    mutationKey: ['notifications', 'read'],
    mutationFn: (notification: Notification) =>
      fetchDetails(notificationEndpoints.readNotification, { body: notification }),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (list) => withNotificationRead(list, notification.id));
      return { previous };
    },
    onError: (_error, _notification, context) => queryClient.setQueryData(listKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
