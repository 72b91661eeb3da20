import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalUserStatus } from '@grove/shared';

const COLORS: Record<PortalUserStatus, string> = { active: 'teal', invited: 'blue', pending_approval: 'orange', disabled: 'gray' };

export function PortalStatusBadge({ status }: { status: PortalUserStatus }) {
  const { t } = useTranslation('portalAccess');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }} data-testid="portal-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
