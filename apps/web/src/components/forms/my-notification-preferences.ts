import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_ENDPOINTS, type NotificationPreference, type NotificationPreferences, type NotificationPreferencesUpdate } from '@grove/shared';
import { callEndpoint } from '../../app/endpoint-client';
import { useForm } from './useForm';

export const MY_NOTIFICATION_PREFERENCES_KEY = ['me', 'notification-preferences'] as const;

/** The signed-in user's own notification choices (staff and customer users alike). */
export function useMyNotificationPreferences() {
  return useQuery({
    queryKey: MY_NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => callEndpoint(NOTIFICATIONS_ENDPOINTS.preferences, {}, { signal }),
  });
}

export function updateMyNotificationPreferences(body: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  return callEndpoint(NOTIFICATIONS_ENDPOINTS.updatePreferences, { body });
}

export type NotificationPreferencesForm = ReturnType<typeof useForm<{ data: NotificationPreference[] }>>;

/** The choices as an editable form, filled when the server answers (never over unsaved edits). */
export function useMyNotificationPreferencesForm() {
  const preferences = useMyNotificationPreferences();
  const form = useForm<{ data: NotificationPreference[] }>({ data: [] });
  const { reset, dirty } = form;
  useEffect(() => {
    if (preferences.data && !dirty) reset({ data: preferences.data.data });
    // Only a new answer from the server reloads the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preferences.data, reset]);
  return { preferences, form };
}
