import { Badge } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestStatus } from '@grove/shared';
import { PRIORITY_COLORS, STATUS_COLORS, useRequestLabels } from './labels';

const badgeStyle = { flexShrink: 0, overflow: 'visible', maxWidth: 'none' } as const;

export function StatusBadge({ status, size = 'sm' }: { status: ServiceRequestStatus; size?: 'sm' | 'md' | 'lg' }) {
  const labels = useRequestLabels();
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'cancelled' ? 'outline' : 'light'} radius="sm" size={size} style={badgeStyle} data-testid="status-badge">
      {labels.status(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: { code: string; name: string } }) {
  const labels = useRequestLabels();
  return (
    <Badge color={PRIORITY_COLORS[priority.code] ?? 'gray'} variant={priority.code === 'emergency' ? 'filled' : 'dot'} radius="sm" style={badgeStyle}>
      {labels.priority(priority)}
    </Badge>
  );
}

export function OverdueBadge() {
  const { t } = useTranslation('requests');
  return (
    <Badge color="red" variant="filled" radius="sm" leftSection={<IconAlarm size={12} aria-hidden />} style={badgeStyle} data-testid="overdue-badge">
      {t('sla.overdue')}
    </Badge>
  );
}
