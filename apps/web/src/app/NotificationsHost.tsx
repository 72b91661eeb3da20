import { Notifications } from '@mantine/notifications';

/**
 * The toast container, in its own module so that it loads (with its sheets, build/mantine-css.ts)
 * at the first toast (toast-host.ts, decision 028).
 */
export default Notifications;
