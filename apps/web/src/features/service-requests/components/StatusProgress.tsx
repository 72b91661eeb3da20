import { Alert, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_PROGRESS, type ServiceRequestDetail, type ServiceRequestStatus } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useRequestLabels } from './labels';
import classes from './StatusProgress.module.css';

type ProgressStatus = (typeof SERVICE_REQUEST_PROGRESS)[number];
export type StepState = 'done' | 'current' | 'pending';

export type ProgressFacts = Pick<
  ServiceRequestDetail,
  'status' | 'createdAt' | 'acknowledgedAt' | 'scheduledAt' | 'startedAt' | 'completedAt' | 'closedAt' | 'cancelledAt' | 'cancelReason'
>;

function reachedAt(facts: ProgressFacts, step: ProgressStatus): string | null {
  switch (step) {
    case 'new':
      return facts.createdAt;
    case 'acknowledged':
      return facts.acknowledgedAt;
    case 'scheduled':
      return facts.scheduledAt;
    case 'in_progress':
      return facts.startedAt;
    case 'completed':
      return facts.completedAt;
    case 'closed':
      return facts.closedAt;
  }
}

/**
 * Index of the step the request is at. A cancelled request stopped at the last step it reached
 * (by its timestamps); every other status is its own step.
 */
export function currentStepIndex(facts: ProgressFacts): number {
  if (facts.status !== 'cancelled') return SERVICE_REQUEST_PROGRESS.indexOf(facts.status);
  let reached = 0;
  SERVICE_REQUEST_PROGRESS.forEach((step, index) => {
    if (reachedAt(facts, step)) reached = index;
  });
  return reached;
}

export function stepStates(status: ServiceRequestStatus, current: number): StepState[] {
  return SERVICE_REQUEST_PROGRESS.map((_, index) => {
    if (index < current) return 'done';
    if (index > current) return 'pending';
    // The last step reached is finished, not "current", once the request is closed.
    return status === 'closed' ? 'done' : 'current';
  });
}

export interface VisibleStep {
  step: ProgressStatus;
  state: StepState;
  /** When the step was reached (done and current steps only). */
  when: string | null;
}

/**
 * The steps the bar shows: only steps that happened, then the current one and those still ahead.
 * A request scheduled and then completed never shows "In progress" as done (issue 17 §2); a
 * request filed as new is always shown as created.
 */
export function visibleSteps(facts: ProgressFacts): VisibleStep[] {
  const current = currentStepIndex(facts);
  const states = stepStates(facts.status, current);
  return SERVICE_REQUEST_PROGRESS.flatMap((step, index) => {
    const state = states[index]!;
    const when = reachedAt(facts, step);
    const happened = index === 0 || index === current || when !== null;
    if (state === 'done' && !happened) return [];
    return [{ step, state, when: state === 'pending' ? null : when }];
  });
}

/**
 * The request's status as a progress bar: new → acknowledged → scheduled → in progress →
 * completed → closed, leaving out steps the request skipped. Each step is a list item with its state for screen readers; the current
 * one has aria-current="step". A cancelled request shows greyed steps and a clear "Cancelled".
 */
export function StatusProgress({ request }: { request: ProgressFacts }) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  const cancelled = request.status === 'cancelled';
  const current = currentStepIndex(request);
  const steps = visibleSteps(request);
  const position = steps.findIndex(({ step }) => step === SERVICE_REQUEST_PROGRESS[current]);
  const total = steps.length;
  const next = cancelled || request.status === 'closed' ? undefined : SERVICE_REQUEST_PROGRESS[current + 1];

  return (
    <div className={classes.root} data-cancelled={cancelled} data-testid="status-progress">
      <div className={classes.summary}>
        <Text fw={700} size="lg" c={cancelled ? 'red.8' : undefined} data-testid="status-progress-current">
          {labels.status(request.status)}
        </Text>
        {!cancelled && (
          <Text size="sm" c="dimmed">
            {t('progress.stepOf', { step: position + 1, total })}
            {next && ` · ${t('progress.next', { status: labels.status(next) })}`}
          </Text>
        )}
      </div>
      <ol className={classes.steps} aria-label={t('progress.label')}>
        {steps.map(({ step, state, when }) => {
          return (
            <li
              key={step}
              className={classes.step}
              data-state={state}
              data-step={step}
              aria-current={state === 'current' && !cancelled ? 'step' : undefined}
            >
              <span className={classes.bar} aria-hidden />
              <span className={classes.label}>
                {labels.status(step)}
                <span style={VISUALLY_HIDDEN}> ({t(`progress.state.${state}`)})</span>
                {when && <span className={classes.when}>{format.date(when, { dateStyle: 'medium' })}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {cancelled && (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} aria-hidden />} title={t('progress.cancelledTitle')} data-testid="cancelled-notice">
          {request.cancelledAt && <Text size="sm">{t('progress.cancelledOn', { date: format.dateTime(request.cancelledAt) })}</Text>}
          {request.cancelReason && (
            <Text size="sm" mt={4}>
              {t('progress.reason', { reason: request.cancelReason })}
            </Text>
          )}
        </Alert>
      )}
    </div>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
