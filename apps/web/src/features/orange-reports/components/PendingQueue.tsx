import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconClipboardCheck, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORANGE_REPORT_REPORT_LIMITS } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useBulkApprove, usePendingReports, useQueueStep, type ReportSummaryRow } from '../api/reports-api';
import { URGENCY_COLORS, useReportLabels } from './labels';
import { reportViewPath } from './paths';
import { ReportPhoto } from './ReportPhoto';
import classes from './ReportDetail.module.css';

const PAGE_SIZE = 25;

/**
 * The review queue, oldest first: each report with its photo strip, so a manager can approve it
 * (one click) or return it with a comment without opening it; several at once with bulk approve.
 */
export function PendingQueue({ customerId }: { customerId?: string }) {
  const { t } = useTranslation('orangeReports');
  const [page, setPage] = useState(1);
  const queue = usePendingReports({ customerId, page, pageSize: PAGE_SIZE });
  const bulk = useBulkApprove();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = queue.data?.data ?? [];
  const reviewable = rows.filter((row) => row.canReview);
  const chosen = reviewable.filter((row) => selected.has(row.id));

  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const approveSelected = async () => {
    try {
      const result = await bulk.mutateAsync(chosen.map((row) => row.id));
      setSelected(new Set());
      toastSuccess(t('queue.bulkApproved', { count: result.approved }));
      if (result.skipped.length) toastError(t('queue.bulkSkipped', { count: result.skipped.length }));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('detail.failed'));
    }
  };

  return (
    <Stack gap="md" data-testid="orange-pending-queue">
      {reviewable.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label={t('queue.selectAll')}
              checked={chosen.length === reviewable.length}
              indeterminate={chosen.length > 0 && chosen.length < reviewable.length}
              onChange={() => setSelected(chosen.length === reviewable.length ? new Set() : new Set(reviewable.map((row) => row.id)))}
            />
            <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} disabled={!chosen.length} loading={bulk.isPending} onClick={() => void approveSelected()} data-testid="orange-bulk-approve">
              {t('queue.approveSelected', { count: chosen.length })}
            </Button>
          </Group>
        </Paper>
      )}
      <ListState
        loading={queue.isPending}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        empty={rows.length === 0}
        emptyState={<EmptyState icon={<IconClipboardCheck size={28} aria-hidden />} title={t('queue.emptyTitle')} description={t('queue.emptyText')} />}
        skeletonColumns={3}
      >
        <Stack gap="sm">
          {rows.map((row) => (
            <QueueCard key={row.id} row={row} selected={selected.has(row.id)} onToggle={() => toggle(row.id)} showCustomer={!customerId} />
          ))}
        </Stack>
        <ListPagination page={page} pageSize={PAGE_SIZE} total={queue.data?.total ?? 0} totalExact={queue.data?.totalExact} onPage={setPage} />
      </ListState>
    </Stack>
  );
}

function QueueCard({ row, selected, onToggle, showCustomer }: { row: ReportSummaryRow; selected: boolean; onToggle: () => void; showCustomer: boolean }) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  const format = useFormat();
  const step = useQueueStep();
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const act = async (approve: boolean) => {
    setError(null);
    try {
      await step.mutateAsync({ id: row.id, step: approve ? { action: 'approve' } : { action: 'return', body: { comment: comment.trim() } } });
      toastSuccess(approve ? t('detail.approved', { number: row.number }) : t('detail.returned', { number: row.number }));
      setReturning(false);
    } catch (failure) {
      const message = failure instanceof ApiError ? (Object.values(failure.errors).flat()[0] ?? failure.message) : t('detail.failed');
      if (approve) toastError(message);
      else setError(message);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="orange-queue-card" data-number={row.number}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {row.canReview && <Checkbox size="md" mt={2} aria-label={t('queue.select', { number: row.number })} checked={selected} onChange={onToggle} />}
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text size="xs" ff="monospace" fw={600}>
              {row.number}
            </Text>
            {row.urgency && (
              <Badge size="sm" color={URGENCY_COLORS[row.urgency]} variant="light">
                {labels.urgency(row.urgency)}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {t('queue.waiting', { since: row.submittedAt ? format.relative(row.submittedAt) : '—' })}
            </Text>
          </Group>
          <Text component={Link} to={reportViewPath(row)} fw={600} c="var(--mantine-color-anchor)" style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[showCustomer ? row.customerName : null, row.author?.name, labels.category(row.category), labels.money(row.totalCents)].filter(Boolean).join(' · ')}
          </Text>
          {row.photos.length ? (
            <ul className={classes.strip} aria-label={t('fields.photos')}>
              {row.photos.slice(0, 4).map((photo, index) => (
                <li key={photo.id}>
                  <ReportPhoto fileId={photo.fileId} alt={photo.caption || t('wizard.photoNumber', { number: index + 1 })} />
                </li>
              ))}
              {row.photoCount > 4 && (
                <li style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  <Text size="sm" c="dimmed">
                    +{row.photoCount - 4}
                  </Text>
                </li>
              )}
            </ul>
          ) : (
            <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <IconPhotoOff size={14} aria-hidden /> {t('queue.noPhotos')}
            </Text>
          )}
          {row.canReview && (
            <Group gap="xs" mt={4}>
              <Button size="sm" color="teal" leftSection={<IconCheck size={16} aria-hidden />} loading={step.isPending && !returning} onClick={() => void act(true)}>
                {t('detail.approve')}
              </Button>
              <Button size="sm" variant="light" color="red" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setReturning(true)}>
                {t('detail.return')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      <Modal opened={returning} onClose={() => setReturning(false)} title={t('detail.returnTitleNumber', { number: row.number })} centered closeButtonProps={{ 'aria-label': t('detail.close') }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!comment.trim()) {
              setError(t('detail.required'));
              return;
            }
            void act(false);
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('detail.returnComment')}
              required
              autosize
              minRows={3}
              maxLength={ORANGE_REPORT_REPORT_LIMITS.comment}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReturning(false)}>
                {t('detail.cancel')}
              </Button>
              <Button type="submit" color="red" loading={step.isPending}>
                {t('detail.return')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
