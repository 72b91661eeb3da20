import { useTranslation } from 'react-i18next';
import type { ServiceRequestStatus } from '@grove/shared';

export const STATUS_COLORS: Record<ServiceRequestStatus, string> = {
  new: 'blue',
  acknowledged: 'cyan',
  scheduled: 'violet',
  in_progress: 'orange',
  completed: 'teal',
  closed: 'gray',
  cancelled: 'red',
};

export const PRIORITY_COLORS: Record<string, string> = { low: 'gray', normal: 'blue', high: 'orange', emergency: 'red' };

interface Coded {
  code: string;
  name: string;
}

/**
 * Names of statuses, types and priorities in the user's language. Types and priorities are
 * reference data a System Admin may extend: a code we have no translation for shows its name.
 */
export function useRequestLabels() {
  const { t } = useTranslation('requests');
  return {
    status: (status: ServiceRequestStatus) => t(`status.${status}`),
    type: (type: Coded) => t(`types.${type.code}`, { defaultValue: type.name }),
    priority: (priority: Coded) => t(`priorities.${priority.code}`, { defaultValue: priority.name }),
    contact: (contact: string) => t(`contact.${contact}`),
  };
}
