import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationPreferencesUpdateSchema, type NotificationPreference } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { NotificationChoices } from '../../../components/forms/NotificationChoices';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { updateMyNotificationPreferences, useMyNotificationPreferences } from '../api/settings-api';

/** Each staff member's own choice of which notifications reach them in the app and by email. */
export function MyNotificationsTab() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const preferences = useMyNotificationPreferences();
  const form = useForm<{ data: NotificationPreference[] }>({ data: [] });
  const { reset, dirty } = form;
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (preferences.data && !dirty) reset({ data: preferences.data.data });
    // Only a new answer from the server reloads the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preferences.data, reset]);

  if (preferences.isPending) return <ListSkeleton rows={4} />;
  if (preferences.error) return <ErrorState message={preferences.error.message} onRetry={() => void preferences.refetch()} />;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({ schema: notificationPreferencesUpdateSchema, send: updateMyNotificationPreferences });
    if (!saved) return;
    queryClient.setQueryData(['me', 'notification-preferences'], saved);
    form.reset({ data: saved.data });
    toastSuccess(t('notifications.saved'));
  };

  return (
    <ContentCard title={t('notifications.title')} data-testid="staff-notifications">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('notifications.hint')}
          </Text>
          <FormErrorAlert message={form.formError} />
          <NotificationChoices value={form.values.data} onChange={(data) => form.set('data', data)} disabled={form.submitting} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
              {t('notifications.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}
