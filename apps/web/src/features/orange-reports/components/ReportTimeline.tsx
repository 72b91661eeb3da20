import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCircleCheck,
  IconCircleX,
  IconEdit,
  IconEye,
  IconFileDollar,
  IconMessage,
  IconPlus,
  IconSend,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrangeReportEvent } from '@grove/shared';
import { useReportLabels } from './labels';
import classes from './ReportDetail.module.css';

const ICONS: Record<OrangeReportEvent['kind'], ReactNode> = {
  created: <IconPlus size={16} aria-hidden />,
  submitted: <IconSend size={16} aria-hidden />,
  returned: <IconArrowBackUp size={16} aria-hidden />,
  approved: <IconShieldCheck size={16} aria-hidden />,
  acknowledged: <IconEye size={16} aria-hidden />,
  proposal_requested: <IconFileDollar size={16} aria-hidden />,
  declined: <IconCircleX size={16} aria-hidden />,
  resolved: <IconCircleCheck size={16} aria-hidden />,
  comment: <IconMessage size={16} aria-hidden />,
  reviewer_edit: <IconEdit size={16} aria-hidden />,
};

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Every change of the report, oldest first: who, when, what (reviewer edits show before and after). */
export function ReportTimeline({ events }: { events: OrangeReportEvent[] }) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  return (
    <ol className={classes.timeline} data-testid="orange-timeline">
      {events.map((event) => {
        const field = str(event.data.field);
        const value = (raw: unknown) => (field === 'price' && typeof raw === 'number' ? labels.money(raw) : str(raw)) || '—';
        return (
          <li key={event.id} className={classes.event} data-kind={event.kind}>
            <span className={classes.eventIcon}>{ICONS[event.kind]}</span>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm">
                <strong>{event.author?.name ?? t('timeline.system')}</strong> {t(`timeline.${event.kind}`)}
                {event.kind === 'reviewer_edit' && field ? ` — ${t(`timeline.fields.${field}`, { defaultValue: field })}${event.data.service ? ` (${str(event.data.service)})` : ''}` : ''}
              </Text>
              {event.kind === 'reviewer_edit' && (event.data.from !== undefined || event.data.to !== undefined) && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {t('timeline.change', { from: value(event.data.from), to: value(event.data.to) })}
                </Text>
              )}
              {event.text && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} className={classes.eventText}>
                  {event.text}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {labels.dateTime(event.createdAt)}
              </Text>
            </Stack>
          </li>
        );
      })}
    </ol>
  );
}
