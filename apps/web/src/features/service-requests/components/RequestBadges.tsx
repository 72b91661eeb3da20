import { Badge, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestStatus, ServiceRequestSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
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

/** The planned visit of a scheduled request: "Visit Nov 24, 2026, 9:00 AM – 11:00 AM" (issue 17 §9). */
export function VisitText({ row }: { row: Pick<ServiceRequestSummary, 'status' | 'scheduledDate' | 'scheduledFrom' | 'scheduledTo'> }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  if (row.status !== 'scheduled' || !row.scheduledDate) return null;
  const date = [format.date(row.scheduledDate), format.timeWindow(row.scheduledFrom, row.scheduledTo)].filter(Boolean).join(', ');
  return (
    <Text size="xs" c="dimmed" data-testid="visit-text">
      {t('list.visitOn', { date })}
    </Text>
  );
}
