import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconCircleCheck,
  IconEdit,
  IconEye,
  IconFileDollar,
  IconFileTypePdf,
  IconMessage,
  IconPrinter,
  IconSend,
  IconThumbDown,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ORANGE_REPORT_REPORT_LIMITS, type OrangeReportDetail } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { deleteReportDraft, downloadReportPdf, useReport, useReportStep, type AnyReportDetail, type ReportStep } from '../api/reports-api';
import { STATUS_COLORS, URGENCY_COLORS, useReportLabels } from './labels';
import { PhotoGallery } from './PhotoGallery';
import { ReportTimeline } from './ReportTimeline';
import classes from './ReportDetail.module.css';

export type Audience = 'staff' | 'customer';

interface ReportDetailProps {
  reportId: string;
  audience: Audience;
  /** Where the edit wizard, the list and the printable view are. */
  editPath?: string;
  listPath: string;
  printPath?: string;
  /** Staff on an approved report: the proposal form prefilled from it. */
  proposalPath?: string;
}

const isStaffDetail = (report: AnyReportDetail): report is OrangeReportDetail => 'reviewer' in report;

/** One report: what was found, photos, recommendations with prices, the timeline and what the caller may do next. */
export function ReportDetail({ reportId, audience, editPath, listPath, printPath, proposalPath }: ReportDetailProps) {
  const { t } = useTranslation('orangeReports');
  const query = useReport(reportId);
  if (query.isPending) return <ListSkeleton columns={2} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <EmptyState title={t('notFound.title')} description={t('notFound.text')} action={<Button component={Link} to={listPath} variant="default">{t('detail.backToList')}</Button>} />;
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <DetailBody report={query.data} audience={audience} editPath={editPath} listPath={listPath} printPath={printPath} proposalPath={proposalPath} />;
}

function DetailBody({ report, audience, editPath, listPath, printPath, proposalPath }: Omit<ReportDetailProps, 'reportId'> & { report: AnyReportDetail }) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  const staff = audience === 'staff' && isStaffDetail(report);
  const findingPhotos = report.allPhotos.filter((photo) => photo.kind === 'finding');
  const afterPhotos = report.allPhotos.filter((photo) => photo.kind === 'after');

  return (
    <Stack gap="md" data-testid="orange-report" data-status={report.status}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Text size="sm" c="dimmed" data-testid="orange-report-number">
                {report.number}
              </Text>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {report.title}
              </Title>
            </Stack>
            <Group gap={6}>
              <Badge color={STATUS_COLORS[report.status]} variant="light" data-testid="orange-report-status">
                {labels.status(report.status)}
              </Badge>
              {report.urgency && (
                <Badge color={URGENCY_COLORS[report.urgency]} variant="light">
                  {labels.urgency(report.urgency)}
                </Badge>
              )}
              {report.proposalRequested && (
                <Badge color="teal" variant="light">
                  {t('detail.proposalRequested')}
                </Badge>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label={t('fields.category')} value={labels.category(report.category)} />
            <Fact label={t('fields.foundOn')} value={labels.date(report.foundOn)} />
            <Fact label={t('detail.author')} value={report.author?.name ?? '—'} />
            <Fact label={t('detail.where')} value={[report.zone?.name, report.locationText].filter(Boolean).join(' · ') || (report.latitude !== null ? t('detail.pointOnMap') : '—')} />
          </SimpleGrid>
          {staff && report.status === 'returned' && report.returnComment && (
            <Alert color="red" variant="light" title={t('wizard.returnedTitle')} data-testid="orange-return-comment">
              {report.returnComment}
            </Alert>
          )}
          {report.status === 'declined' && report.declineReason && (
            <Alert color="gray" variant="light" title={t('detail.declinedBecause')}>
              {report.declineReason}
            </Alert>
          )}
          <div className={classes.noPrint}>
            <Actions report={report} audience={audience} editPath={editPath} listPath={listPath} printPath={printPath} proposalPath={proposalPath} />
          </div>
          <PrintActions report={report} />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('fields.findings')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.findings || '—'}</Text>
          </Stack>
          {findingPhotos.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('fields.photos')}
              </Title>
              <PhotoGallery photos={findingPhotos} label={t('fields.photos')} />
            </Stack>
          )}
          {afterPhotos.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('detail.afterPhotos')}
              </Title>
              <PhotoGallery photos={afterPhotos} label={t('detail.afterPhotos')} />
            </Stack>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={3} size="h5" mb="xs">
          {t('detail.recommendations')}
        </Title>
        {report.recommendations.length ? (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" data-testid="orange-recommendations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.service')}</Table.Th>
                  <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t('wizard.unitPrice')}
                  </Table.Th>
                  <Table.Th ta="right">{t('wizard.lineTotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.recommendations.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      {labels.service(line.names)}
                      {line.note && (
                        <Text size="xs" c="dimmed">
                          {line.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {labels.number(line.quantity)} {labels.unit(line.unit)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {line.unitPriceCents === null ? t('wizard.perJob') : labels.money(line.unitPriceCents)}
                    </Table.Td>
                    <Table.Td ta="right">{labels.money(line.lineTotalCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t('wizard.estimatedTotal')}</Table.Th>
                  <Table.Th visibleFrom="sm" />
                  <Table.Th ta="right" data-testid="orange-total-amount">
                    {labels.money(report.totalCents)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('wizard.noRecommendations')}
          </Text>
        )}
        {report.totalIncomplete && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('detail.totalIncomplete')}
          </Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={3} size="h5" mb="sm">
          {t('detail.timeline')}
        </Title>
        <ReportTimeline events={report.timeline} />
        {report.allowedActions.includes('comment') && (
          <div className={classes.noPrint}>
            <CommentBox reportId={report.id} />
          </div>
        )}
      </Paper>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The printable view (the browser's print of this page: the app's frame, actions and comment box
 * are left off the paper) and the server's PDF with the photos, for forwarding to a board.
 */
function PrintActions({ report }: { report: AnyReportDetail }) {
  const { t } = useTranslation('orangeReports');
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportPdf(report.id, report.number);
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('detail.failed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap" className={classes.noPrint} data-testid="orange-print-actions">
      <Button variant="default" size="xs" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => window.print()}>
        {t('detail.print')}
      </Button>
      <Button variant="default" size="xs" leftSection={<IconFileTypePdf size={14} aria-hidden />} loading={downloading} onClick={() => void download()} data-testid="orange-report-pdf">
        {t('detail.pdf')}
      </Button>
    </Group>
  );
}

type Dialog = 'return' | 'decline' | 'resolve' | 'requestProposal' | null;

function Actions({ report, audience, editPath, listPath, proposalPath }: Omit<ReportDetailProps, 'reportId'> & { report: AnyReportDetail }) {
  const { t } = useTranslation('orangeReports');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const step = useReportStep(report.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const can = (action: string) => report.allowedActions.includes(action as never);

  const run = async (next: ReportStep, done: string) => {
    setError(null);
    try {
      await step.mutateAsync(next);
      toastSuccess(done);
      setDialog(null);
      setText('');
    } catch (failure) {
      const message = failure instanceof ApiError ? Object.values(failure.errors).flat()[0] ?? failure.message : t('detail.failed');
      if (dialog) setError(message);
      else toastError(message);
    }
  };

  const remove = async () => {
    if (!(await confirm({ title: t('detail.deleteTitle'), message: t('detail.deleteQuestion', { number: report.number }), confirmLabel: t('detail.delete') }))) return;
    try {
      await deleteReportDraft(report.id);
      toastSuccess(t('detail.deleted', { number: report.number }));
      void navigate(listPath);
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('detail.failed'));
    }
  };

  const reviewerEdit = report.status === 'submitted';
  const dialogs: Record<Exclude<Dialog, null>, { title: string; label: string; required: boolean; submit: string; send: () => Promise<void> }> = {
    return: {
      title: t('detail.returnTitle'),
      label: t('detail.returnComment'),
      required: true,
      submit: t('detail.return'),
      send: () => run({ action: 'return', body: { comment: text.trim() } }, t('detail.returned', { number: report.number })),
    },
    decline: {
      title: t('detail.declineTitle'),
      label: t('detail.declineReason'),
      required: true,
      submit: t('detail.decline'),
      send: () => run({ action: 'decline', body: { reason: text.trim() } }, t('detail.declined')),
    },
    resolve: {
      title: t('detail.resolveTitle'),
      label: t('detail.note'),
      required: false,
      submit: t('detail.resolve'),
      send: () => run({ action: 'resolve', body: text.trim() ? { note: text.trim() } : {} }, t('detail.resolved', { number: report.number })),
    },
    requestProposal: {
      title: t('detail.requestProposalTitle'),
      label: t('detail.note'),
      required: false,
      submit: t('detail.requestProposal'),
      send: () => run({ action: 'requestProposal', body: text.trim() ? { note: text.trim() } : {} }, t('detail.proposalAsked')),
    },
  };
  const open = dialog ? dialogs[dialog] : null;

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="orange-actions">
        {can('approve') && (
          <Button leftSection={<IconCheck size={16} aria-hidden />} color="teal" loading={step.isPending} onClick={() => void run({ action: 'approve' }, t('detail.approved', { number: report.number }))}>
            {t('detail.approve')}
          </Button>
        )}
        {can('return') && (
          <Button variant="light" color="red" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setDialog('return')}>
            {t('detail.return')}
          </Button>
        )}
        {can('edit') && editPath && (
          <Button variant={reviewerEdit ? 'default' : 'filled'} leftSection={<IconEdit size={16} aria-hidden />} component={Link} to={editPath}>
            {reviewerEdit ? t('detail.reviewerEdit') : t('detail.edit')}
          </Button>
        )}
        {can('submit') && (
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={step.isPending} onClick={() => void run({ action: 'submit' }, t('detail.submitted', { number: report.number }))}>
            {t('wizard.submit')}
          </Button>
        )}
        {can('acknowledge') && (
          <Button leftSection={<IconEye size={16} aria-hidden />} loading={step.isPending} onClick={() => void run({ action: 'acknowledge' }, t('detail.acknowledged'))}>
            {t('detail.acknowledge')}
          </Button>
        )}
        {can('requestProposal') && (
          <Button variant="light" color="teal" leftSection={<IconFileDollar size={16} aria-hidden />} onClick={() => setDialog('requestProposal')}>
            {t('detail.requestProposal')}
          </Button>
        )}
        {can('decline') && (
          <Button variant="default" leftSection={<IconThumbDown size={16} aria-hidden />} onClick={() => setDialog('decline')}>
            {t('detail.decline')}
          </Button>
        )}
        {can('resolve') && (
          <Button variant="light" leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={() => setDialog('resolve')}>
            {t('detail.resolve')}
          </Button>
        )}
        {audience === 'staff' && proposalPath && ['approved', 'acknowledged'].includes(report.status) && (
          <Button variant="light" leftSection={<IconFileDollar size={16} aria-hidden />} component={Link} to={proposalPath} data-testid="orange-create-proposal">
            {t('detail.createProposal')}
          </Button>
        )}
        {can('delete') && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void remove()}>
            {t('detail.delete')}
          </Button>
        )}
      </Group>
      <Modal opened={open !== null} onClose={() => setDialog(null)} title={open?.title} centered closeButtonProps={{ 'aria-label': t('detail.close') }}>
        {open && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (open.required && !text.trim()) {
                setError(t('detail.required'));
                return;
              }
              void open.send();
            }}
          >
            <Stack gap="sm">
              <Textarea
                label={open.label}
                required={open.required}
                autosize
                minRows={3}
                maxLength={ORANGE_REPORT_REPORT_LIMITS.comment}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                error={error}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDialog(null)}>
                  {t('detail.cancel')}
                </Button>
                <Button type="submit" loading={step.isPending}>
                  {open.submit}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}

function CommentBox({ reportId }: { reportId: string }) {
  const { t } = useTranslation('orangeReports');
  const step = useReportStep(reportId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setError(null);
        step.mutate(
          { action: 'comment', body: { text: text.trim() } },
          {
            onSuccess: () => setText(''),
            onError: (failure) => setError(failure instanceof Error ? failure.message : t('detail.failed')),
          },
        );
      }}
    >
      <Stack gap="xs" mt="md">
        <Textarea
          label={t('detail.comment')}
          placeholder={t('detail.commentPlaceholder')}
          autosize
          minRows={2}
          maxLength={ORANGE_REPORT_REPORT_LIMITS.comment}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" leftSection={<IconMessage size={16} aria-hidden />} loading={step.isPending} disabled={!text.trim()}>
            {t('detail.sendComment')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
