import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { requestToastHost } from '../../app/toast-host';

/** The close button of a toast needs a name too (axe: button-name). */
const closeButtonProps = () => {
  requestToastHost();
  return { 'aria-label': i18n.t('layout:confirm.close') };
};

/** Result toasts; needs Mantine's <Notifications /> mounted once at the app root. */
export function toastSuccess(message: ReactNode, title?: ReactNode): string {
  return notifications.show({ message, title, color: 'teal', icon: <IconCheck size={18} aria-hidden />, autoClose: 4000, closeButtonProps: closeButtonProps() });
}

export function toastError(message: ReactNode, title?: ReactNode): string {
  // Errors stay a little longer: they usually need reading.
  return notifications.show({ message, title, color: 'red', icon: <IconAlertCircle size={18} aria-hidden />, autoClose: 8000, closeButtonProps: closeButtonProps() });
}

export function toastInfo(message: ReactNode, title?: ReactNode): string {
  return notifications.show({ message, title, color: 'orange', icon: <IconInfoCircle size={18} aria-hidden />, autoClose: 5000, closeButtonProps: closeButtonProps() });
}
