import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationPreferencesUpdateSchema } from '@grove/shared';
import { ContentCard } from '../ui/ContentCard';
import { toastSuccess } from '../ui/toasts';
import { FormErrorAlert } from './FormErrorAlert';
import { MY_NOTIFICATION_PREFERENCES_KEY, updateMyNotificationPreferences, type NotificationPreferencesForm } from './my-notification-preferences';
import { NotificationChoices } from './NotificationChoices';

/**
 * The signed-in user's notification choices with a save button. The page owns the form (from
 * useMyNotificationPreferencesForm) so it can guard all of its unsaved changes with one prompt.
 */
export function MyNotificationPreferencesCard({ form, testId }: { form: NotificationPreferencesForm; testId?: string }) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({ schema: notificationPreferencesUpdateSchema, send: updateMyNotificationPreferences });
    if (!saved) return;
    queryClient.setQueryData(MY_NOTIFICATION_PREFERENCES_KEY, saved);
    form.reset({ data: saved.data });
    toastSuccess(t('saved'));
  };
  return (
    <ContentCard title={t('notifications.title')} data-testid={testId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('notifications.hint')}
          </Text>
          <FormErrorAlert message={form.formError} />
          <NotificationChoices value={form.values.data} onChange={(data) => form.set('data', data)} disabled={form.submitting} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}
