import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDots, IconMailForward, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PortalUser } from '@grove/shared';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { usePortalAction, type PortalAction } from '../api/portal-api';

/** Runs a status action after asking where it matters, and says how it went. */
export function usePortalUserAction(customerId: string) {
  const { t } = useTranslation('portalAccess');
  const confirm = useConfirm();
  const action = usePortalAction(customerId);
  const run = async (user: Pick<PortalUser, 'userId' | 'firstName' | 'lastName' | 'email'>, kind: PortalAction): Promise<boolean> => {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    if (kind === 'disable') {
      const yes = await confirm({ title: t('actions.disableTitle'), message: t('actions.disableQuestion', { name }), confirmLabel: t('actions.disable') });
      if (!yes) return false;
    }
    if (kind === 'disable-account') {
      const yes = await confirm({ title: t('actions.disableAccountTitle'), message: t('actions.disableAccountQuestion', { name }), confirmLabel: t('actions.disableAccount') });
      if (!yes) return false;
    }
    if (kind === 'enable') {
      const yes = await confirm({ title: t('actions.enableTitle'), message: t('actions.enableQuestion', { name }), confirmLabel: t('actions.enable'), destructive: false });
      if (!yes) return false;
    }
    try {
      await action.mutateAsync({ userId: user.userId, action: kind });
      toastSuccess(t(`actions.done.${kind}`, { name, email: user.email }));
      return true;
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('actions.failed'));
      return false;
    }
  };
  return { run, pending: action.isPending };
}

interface PortalUserActionsProps {
  user: PortalUser;
  customerId: string;
  editPath: string;
  /** The signed-in user: nobody changes their own access. */
  isSelf: boolean;
}

/** The row menu: edit, resend the invitation, approve, disable or enable. */
export function PortalUserActions({ user, customerId, editPath, isSelf }: PortalUserActionsProps) {
  const { t } = useTranslation('portalAccess');
  const { run, pending } = usePortalUserAction(customerId);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name })} loading={pending} data-testid="user-actions">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={editPath} leftSection={<IconPencil size={16} aria-hidden />}>
          {t('actions.edit')}
        </Menu.Item>
        {user.status === 'pending_approval' && !isSelf && (
          <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} color="teal" onClick={() => void run(user, 'approve')}>
            {t('actions.approve')}
          </Menu.Item>
        )}
        {user.status === 'invited' && (
          <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => void run(user, 'resend-invitation')}>
            {t('actions.resend')}
          </Menu.Item>
        )}
        {!isSelf && user.status !== 'disabled' && (
          <Menu.Item leftSection={<IconUserOff size={16} aria-hidden />} color="red" onClick={() => void run(user, 'disable')}>
            {t('actions.disable')}
          </Menu.Item>
        )}
        {!isSelf && user.status === 'disabled' && (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => void run(user, 'enable')}>
            {t('actions.enable')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
