import { Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OccurrenceStatus, PlanSummary } from '@grove/shared';

/** What the plan's state means to its reader: draft, awaiting acknowledgement, acknowledged, completed. */
export type PlanState = 'draft' | 'awaiting' | 'acknowledged' | 'completed';

export function planState(plan: Pick<PlanSummary, 'status' | 'version' | 'acknowledgedVersion'>): PlanState {
  if (plan.status === 'draft') return 'draft';
  if (plan.status === 'completed') return 'completed';
  return (plan.acknowledgedVersion ?? 0) >= plan.version ? 'acknowledged' : 'awaiting';
}

const STATE_COLOR: Record<PlanState, string> = { draft: 'gray', awaiting: 'orange', acknowledged: 'teal', completed: 'blue' };

export function PlanStateBadge({ plan }: { plan: Pick<PlanSummary, 'status' | 'version' | 'acknowledgedVersion'> }) {
  const { t } = useTranslation('plans');
  const state = planState(plan);
  return (
    <Badge variant="light" color={STATE_COLOR[state]} data-testid="plan-state">
      {t(`state.${state}`)}
    </Badge>
  );
}

export const OCCURRENCE_COLOR: Record<OccurrenceStatus | 'overdue', string> = {
  planned: 'gray',
  done: 'teal',
  skipped: 'yellow',
  rescheduled: 'violet',
  overdue: 'red',
};

export function OccurrenceBadge({ status, overdue }: { status: OccurrenceStatus; overdue: boolean }) {
  const { t } = useTranslation('plans');
  return (
    <Badge variant="light" size="sm" color={overdue ? OCCURRENCE_COLOR.overdue : OCCURRENCE_COLOR[status]}>
      {overdue ? t('occurrence.overdue') : t(`occurrence.status.${status}`)}
    </Badge>
  );
}

/** Done / skipped / overdue / upcoming as one bar and a line of figures. */
export function ProgressLine({ progress }: { progress: PlanSummary['progress'] }) {
  const { t } = useTranslation('plans');
  const total = Math.max(progress.total, 1);
  const part = (n: number) => (n / total) * 100;
  return (
    <div>
      <Progress.Root size="md" aria-hidden>
          <Progress.Section value={part(progress.done)} color="teal" />
          <Progress.Section value={part(progress.skipped)} color="yellow" />
          <Progress.Section value={part(progress.overdue)} color="red" />
      </Progress.Root>
      <Group gap="md" mt={6} data-testid="plan-progress">
        <Text size="xs" c="teal.8" fw={600}>
          {t('progress.doneOf', { done: progress.done, total: progress.total })}
        </Text>
        {progress.skipped > 0 && (
          <Text size="xs" c="dimmed">
            {t('progress.skipped', { count: progress.skipped })}
          </Text>
        )}
        {progress.overdue > 0 && (
          <Text size="xs" c="red.8" fw={600}>
            {t('progress.overdue', { count: progress.overdue })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('progress.dueThisWeek', { count: progress.dueThisWeek })}
        </Text>
      </Group>
    </div>
  );
}
