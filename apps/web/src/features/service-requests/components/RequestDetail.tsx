import type { ReactNode } from 'react';
import { Anchor, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlarm, IconCircleCheck, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ServiceRequestDetail } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { PendingNotice } from '../../../components/offline/PendingNotice';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useRequest } from '../api/requests-api';
import { Attachments } from './Attachments';
import { CommentBox } from './CommentBox';
import { useRequestLabels } from './labels';
import { OverdueBadge, PriorityBadge, StatusBadge } from './RequestBadges';
import { RequestActions } from './RequestActions';
import { StatusProgress } from './StatusProgress';
import { Timeline, type Audience } from './Timeline';
import classes from './RequestDetail.module.css';

interface RequestDetailProps {
  requestId: string | undefined;
  audience: Audience;
  /** The list this request belongs to (the "back" of the not-found state). */
  listPath: string;
  /** Where the customer's name links to (staff only). */
  customerPath?: (customerId: string) => string;
}

/** One request: its status as a progress bar, the actions valid now, details and timeline. */
export function RequestDetail({ requestId, audience, listPath, customerPath }: RequestDetailProps) {
  const { t } = useTranslation('requests');
  const { data, error, isPending, refetch } = useRequest(requestId);
  const { customerId: customerInPath } = useParams();
  // The page and its customer's crumb are named after the records (issue 17 §7).
  useRecordTitle(data?.number);
  useRecordTitle(
    customerInPath ? data?.customerName : undefined,
    customerInPath ? `/${audience === 'staff' ? 'customers' : 'customerView'}/${encodeURIComponent(customerInPath)}` : undefined,
  );

  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState variant="light" color="orange" icon={<IconFileOff size={28} aria-hidden />} title={t('notFound.title')} description={t('notFound.text')} data-testid="request-not-found">
          <EmptyState.Actions>
            <Button component={Link} to={listPath} variant="light">
              {t('notFound.back')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }
  if (isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton height={200} radius="md" />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  }
  if (error || !data) return <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />;
  return <RequestView request={data} audience={audience} customerPath={customerPath} />;
}

function RequestView({ request, audience, customerPath }: { request: ServiceRequestDetail; audience: Audience; customerPath?: (id: string) => string }) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  return (
    <Stack gap="lg" data-testid="request-detail" data-status={request.status}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <div>
            <Group gap="xs" wrap="wrap" mb={4}>
              <Text ff="monospace" fw={600} size="sm" data-testid="request-number">
                {request.number}
              </Text>
              <StatusBadge status={request.status} />
              <PriorityBadge priority={request.priority} />
              {request.overdue && audience === 'staff' && <OverdueBadge />}
            </Group>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {request.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {audience === 'staff' && customerPath ? (
                <>
                  <Anchor component={Link} to={customerPath(request.customerId)} size="sm" underline="always">
                    {request.customerName}
                  </Anchor>
                  {' · '}
                </>
              ) : null}
              {labels.type(request.type)} · {t('detail.filedOn', { date: format.dateTime(request.createdAt) })}
            </Text>
          </div>
          <StatusProgress request={request} />
          <PendingNotice recordKey={`serviceRequest:${request.id}`} />
          <RequestActions request={request} audience={audience} />
        </Stack>
      </Paper>

      <div className={classes.layout}>
        <ContentCard title={t('detail.details')} className={classes.details}>
          <Stack gap="md">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('fields.description')}
              </Text>
              <Text size="sm" className={classes.description}>
                {request.description || t('detail.noDescription')}
              </Text>
            </div>
            {request.locationText && (
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('fields.location')}
                </Text>
                <Text size="sm" className={classes.description}>
                  {request.locationText}
                </Text>
              </div>
            )}
            {request.attachments.length > 0 && (
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6}>
                  {t('detail.attachments')}
                </Text>
                <Attachments attachments={request.attachments} />
              </div>
            )}
          </Stack>
        </ContentCard>

        <ContentCard title={t('detail.summary')} className={classes.info}>
          <dl className={classes.facts}>
            <Fact label={t('fields.assignee')}>{request.assignee?.name ?? <Text span c="dimmed" size="sm">{t('detail.unassigned')}</Text>}</Fact>
            <Fact label={t('fields.requester')}>{request.requester?.name ?? '—'}</Fact>
            {request.createdBy && request.createdBy.id !== request.requester?.id && <Fact label={t('fields.createdBy')}>{request.createdBy.name}</Fact>}
            <Fact label={t('fields.preferredContact')}>{labels.contact(request.preferredContact)}</Fact>
            <Fact label={t('fields.scheduledDate')}>{request.scheduledDate ? (
                <span data-testid="scheduled-for">
                  {format.date(request.scheduledDate, { dateStyle: 'full' })}
                  {(request.scheduledFrom || request.scheduledTo) && <> · {format.timeWindow(request.scheduledFrom, request.scheduledTo)}</>}
                </span>
              ) : <Text span c="dimmed" size="sm">{t('detail.notScheduled')}</Text>}</Fact>
            {audience === 'staff' && request.status !== 'cancelled' && (
              <>
                <Fact label={t('fields.responseDue')}>
                  <SlaLine due={request.responseDueAt} doneAt={request.acknowledgedAt} open={request.status === 'new'} />
                </Fact>
                <Fact label={t('fields.resolutionDue')}>
                  <SlaLine due={request.resolutionDueAt} doneAt={request.completedAt} open={['new', 'acknowledged', 'scheduled', 'in_progress'].includes(request.status)} />
                </Fact>
              </>
            )}
            {audience === 'staff' && <Fact label={t('fields.branch')}>{request.branchName}</Fact>}
            {request.reopenCount > 0 && <Fact label={t('fields.reopened')}>{t('detail.reopenedTimes', { n: request.reopenCount })}</Fact>}
            {request.reopenUntil && request.allowedActions.includes('reopen') && (
              <Fact label={t('fields.reopenUntil')}>{format.dateTime(request.reopenUntil)}</Fact>
            )}
          </dl>
        </ContentCard>

        <ContentCard title={t('timeline.title')} className={classes.timeline}>
          <Stack gap="lg">
            <Timeline entries={request.timeline} audience={audience} />
            <CommentBox request={request} audience={audience} />
          </Stack>
        </ContentCard>
      </div>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A due time: met (with when), still running, or overdue. */
function SlaLine({ due, doneAt, open }: { due: string; doneAt: string | null; open: boolean }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  if (doneAt) {
    const late = new Date(doneAt).getTime() > new Date(due).getTime();
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={16} aria-hidden color={late ? 'var(--mantine-color-orange-7)' : 'var(--mantine-color-teal-7)'} />
        <span>{late ? t('sla.metLate', { date: format.dateTime(doneAt) }) : t('sla.met', { date: format.dateTime(doneAt) })}</span>
      </Group>
    );
  }
  const overdue = open && new Date(due).getTime() < Date.now();
  return (
    <Group gap={6} wrap="wrap">
      {overdue && <IconAlarm size={16} aria-hidden color="var(--mantine-color-red-7)" />}
      <Text span size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
        {format.dateTime(due)}
      </Text>
      {open && (
        <Text span size="xs" c={overdue ? 'red.8' : 'dimmed'}>
          ({overdue ? t('sla.overdueSince', { time: format.relative(due) }) : format.relative(due)})
        </Text>
      )}
    </Group>
  );
}
