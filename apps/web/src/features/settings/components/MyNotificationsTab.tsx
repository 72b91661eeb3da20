import { MyNotificationPreferencesCard } from '../../../components/forms/MyNotificationPreferencesCard';
import { useMyNotificationPreferencesForm } from '../../../components/forms/my-notification-preferences';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';

/** Each staff member's own choice of which notifications reach them in the app and by email. */
export function MyNotificationsTab() {
  const { preferences, form } = useMyNotificationPreferencesForm();
  useUnsavedChanges(form.dirty);
  if (preferences.error) return <ErrorState message={preferences.error.message} onRetry={() => void preferences.refetch()} />;
  if (!preferences.data) return <ListSkeleton rows={4} />;
  return <MyNotificationPreferencesCard form={form} testId="staff-notifications" />;
}
