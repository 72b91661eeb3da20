import { Button, Group } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCalendarEvent,
  IconCheck,
  IconCircleCheck,
  IconFlag,
  IconPlayerPlay,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestStatus } from '@grove/shared';
import type { BarAction } from './action-buttons';
import type { Audience } from './Timeline';

const ICONS: Record<BarAction, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  acknowledge: IconCheck,
  assign: IconUserCheck,
  schedule: IconCalendarEvent,
  start: IconPlayerPlay,
  complete: IconCircleCheck,
  close: IconCircleCheck,
  reopen: IconArrowBackUp,
  priority: IconFlag,
  cancel: IconX,
};

export interface ActionButtonsProps {
  actions: readonly BarAction[];
  primary: BarAction | undefined;
  status: ServiceRequestStatus;
  audience: Audience;
  /** A request is assigned: "Assign" reads "Reassign". */
  assigned: boolean;
  busy?: BarAction | null;
  onSelect: (action: BarAction) => void;
}

/** The action bar: one button per allowed action, the next step highlighted. */
export function ActionButtons({ actions, primary, status, audience, assigned, busy, onSelect }: ActionButtonsProps) {
  const { t } = useTranslation('requests');
  if (!actions.length) return null;
  const large = audience === 'customer';

  const label = (action: BarAction) => {
    if (action === 'assign' && assigned) return t('actions.reassign');
    if (action === 'schedule' && status === 'scheduled') return t('actions.reschedule');
    if (action === 'close' && audience === 'customer') return t('actions.confirmClosed');
    return t(`actions.${action}`);
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="request-actions" role="group" aria-label={t('actions.label')}>
      {actions.map((action) => {
        const Icon = ICONS[action];
        const isPrimary = action === primary;
        return (
          <Button
            key={action}
            size={large ? 'md' : 'sm'}
            variant={isPrimary ? 'filled' : action === 'cancel' ? 'outline' : 'default'}
            color={action === 'cancel' ? 'red' : isPrimary ? undefined : 'gray'}
            leftSection={<Icon size={16} aria-hidden />}
            loading={busy === action}
            onClick={() => onSelect(action)}
            data-action={action}
            style={large ? { flex: '1 1 auto' } : undefined}
          >
            {label(action)}
          </Button>
        );
      })}
    </Group>
  );
}
