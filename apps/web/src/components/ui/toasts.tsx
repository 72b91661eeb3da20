import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Result toasts; needs Mantine's <Notifications /> mounted once at the app root. */
export function toastSuccess(message: ReactNode, title?: ReactNode): string {
  return notifications.show({ message, title, color: 'teal', icon: <IconCheck size={18} aria-hidden />, autoClose: 4000 });
}

export function toastError(message: ReactNode, title?: ReactNode): string {
  // Errors stay a little longer: they usually need reading.
  return notifications.show({ message, title, color: 'red', icon: <IconAlertCircle size={18} aria-hidden />, autoClose: 8000 });
}

export function toastInfo(message: ReactNode, title?: ReactNode): string {
  return notifications.show({ message, title, color: 'orange', icon: <IconInfoCircle size={18} aria-hidden />, autoClose: 5000 });
}
