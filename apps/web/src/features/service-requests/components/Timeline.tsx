import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconFlag,
  IconLock,
  IconMessage,
  IconPlayerPlay,
  IconPlus,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { Attachments } from './Attachments';
import { useRequestLabels } from './labels';
import classes from './Timeline.module.css';

export type Audience = 'staff' | 'customer';

/**
 * What an audience may see. The server never sends staff-only entries to customer users; the
 * customer view filters again so an internal note can never reach its screen by mistake.
 */
export function visibleEntries(entries: readonly TimelineEntry[], audience: Audience): TimelineEntry[] {
  if (audience === 'staff') return [...entries];
  return entries.filter((entry) => entry.visibility !== 'staff' && entry.kind !== 'internal_note');
}

/**
 * Scheduling writes a status change and a schedule change at the same moment; one line says it
 * all ("scheduled the work for …"), so the schedule change of that moment is not repeated.
 */
function withoutEchoes(entries: readonly TimelineEntry[]): TimelineEntry[] {
  const scheduledAt = new Set(entries.filter((e) => e.kind === 'status_change' && e.toStatus === 'scheduled' && e.data.scheduledDate).map((e) => e.createdAt));
  return entries.filter((e) => !(e.kind === 'schedule_change' && !e.data.from && scheduledAt.has(e.createdAt) && !e.text && !e.attachments.length));
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
/** "Tuesday, November 24, 2026, 9:00 AM – 11:00 AM" when the visit has a time window. */
const withWindow = (day: string, window: string) => (window ? `${day}, ${window}` : day);

function iconOf(entry: TimelineEntry): ReactNode {
  const size = 16;
  switch (entry.kind) {
    case 'comment':
      return <IconMessage size={size} aria-hidden />;
    case 'internal_note':
      return <IconLock size={size} aria-hidden />;
    case 'assignment':
      return <IconUserCheck size={size} aria-hidden />;
    case 'priority_change':
      return <IconFlag size={size} aria-hidden />;
    case 'schedule_change':
      return <IconCalendarEvent size={size} aria-hidden />;
    case 'status_change':
      if (entry.toStatus === 'new') return <IconPlus size={size} aria-hidden />;
      if (entry.toStatus === 'cancelled') return <IconCircleX size={size} aria-hidden />;
      if (entry.toStatus === 'completed' || entry.toStatus === 'closed') return <IconCircleCheck size={size} aria-hidden />;
      if (entry.toStatus === 'in_progress' && (entry.fromStatus === 'completed' || entry.fromStatus === 'closed'))
        return <IconArrowBackUp size={size} aria-hidden />;
      if (entry.toStatus === 'in_progress') return <IconPlayerPlay size={size} aria-hidden />;
      return <IconCircleCheck size={size} aria-hidden />;
  }
}

/** The timeline of a request, oldest first: comments, notes and every change. */
export function Timeline({ entries, audience }: { entries: readonly TimelineEntry[]; audience: Audience }) {
  const { t } = useTranslation('requests');
  const shown = withoutEchoes(visibleEntries(entries, audience));
  if (!shown.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('timeline.empty')}
      </Text>
    );
  }
  return (
    <ol className={classes.list} aria-label={t('timeline.label')} data-testid="timeline">
      {shown.map((entry) => (
        <TimelineItem key={entry.id} entry={entry} audience={audience} />
      ))}
    </ol>
  );
}

function TimelineItem({ entry, audience }: { entry: TimelineEntry; audience: Audience }) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  const author = entry.author?.name || t('timeline.system');
  const internal = entry.kind === 'internal_note';
  const data = entry.data;

  let summary: string;
  let noteLabel: string | null = null;
  let photosLabel: string | undefined;
  switch (entry.kind) {
    case 'comment':
      summary = t('timeline.commented', { name: author });
      break;
    case 'internal_note':
      summary = t('timeline.internalNote', { name: author });
      break;
    case 'assignment':
      summary = str(data.assigneeName) ? t('timeline.assigned', { name: author, assignee: str(data.assigneeName) }) : t('timeline.unassigned', { name: author });
      break;
    case 'priority_change':
      summary = t('timeline.priority', {
        name: author,
        from: labels.priority({ code: str(data.fromPriorityCode), name: str(data.fromPriority) }),
        to: labels.priority({ code: str(data.toPriorityCode), name: str(data.toPriority) }),
      });
      break;
    case 'schedule_change':
      summary = str(data.from)
        ? t('timeline.rescheduled', { name: author, from: format.date(str(data.from), { dateStyle: 'full' }), to: withWindow(format.date(str(data.to), { dateStyle: 'full' }), format.timeWindow(str(data.toFrom), str(data.toTo))) })
        : t('timeline.scheduled', { name: author, date: withWindow(format.date(str(data.to), { dateStyle: 'full' }), format.timeWindow(str(data.toFrom), str(data.toTo))) });
      break;
    case 'status_change': {
      const to = entry.toStatus;
      const reopened = to === 'in_progress' && (entry.fromStatus === 'completed' || entry.fromStatus === 'closed');
      if (to === 'new' && !entry.fromStatus) summary = t('timeline.filed', { name: author });
      else if (reopened) {
        summary = t('timeline.reopened', { name: author });
        noteLabel = t('timeline.reason');
      } else if (to === 'cancelled') {
        summary = t('timeline.cancelled', { name: author });
        noteLabel = t('timeline.reason');
      } else if (to === 'closed' && data.automatic === true) summary = t('timeline.autoClosed', { days: Number(data.afterDays) || 7 });
      else if (to === 'closed') summary = t('timeline.closed', { name: author });
      else if (to === 'scheduled' && str(data.scheduledDate))
        summary = t('timeline.scheduled', { name: author, date: withWindow(format.date(str(data.scheduledDate), { dateStyle: 'full' }), format.timeWindow(str(data.scheduledFrom), str(data.scheduledTo))) });
      else if (to) summary = t('timeline.status', { name: author, status: labels.status(to) });
      else summary = t('timeline.changed', { name: author });
      if (to === 'completed') photosLabel = t('timeline.afterPhotos');
      break;
    }
  }

  return (
    <li className={classes.entry} data-kind={entry.kind} data-visibility={entry.visibility} data-testid="timeline-entry">
      <span className={classes.icon}>{iconOf(entry)}</span>
      <div className={classes.body}>
        <Group gap={6} wrap="wrap" align="center">
          <Text size="sm" fw={entry.kind === 'comment' || internal ? 600 : 500}>
            {summary}
          </Text>
          {internal && (
            <Badge color="yellow" variant="filled" size="sm" radius="sm" leftSection={<IconLock size={11} aria-hidden />} c="dark.8">
              {t('timeline.internal')}
            </Badge>
          )}
          {audience === 'customer' && entry.author?.isStaff && (
            <Badge color="teal" variant="light" size="xs" radius="sm">
              {t('timeline.groveTeam')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt} title={format.dateTime(entry.createdAt)}>
          {format.dateTime(entry.createdAt)}
        </Text>
        {(entry.text || entry.attachments.length > 0) && (
          <Stack gap={6} className={classes.bubble}>
            {entry.text && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {noteLabel && <strong>{noteLabel} </strong>}
                {entry.text}
              </Text>
            )}
            {entry.attachments.length > 0 && (
              <>
                {photosLabel && (
                  <Text size="xs" fw={600} c="teal.8">
                    {photosLabel}
                  </Text>
                )}
                <Attachments attachments={entry.attachments} label={photosLabel} />
              </>
            )}
          </Stack>
        )}
      </div>
    </li>
  );
}
