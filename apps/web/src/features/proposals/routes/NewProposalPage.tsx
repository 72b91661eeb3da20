import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORANGE_REPORT_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreateProposal, useProposal, useReviseProposal, useSendProposal, useUpdateProposal } from '../api/proposals-api';
import { valuesFromReport } from '../components/from-report';
import { ProposalForm, valuesOf } from '../components/ProposalForm';

/**
 * /customers/{customerId}/proposals/new: a new proposal; `?edit={id}` edits a draft and
 * `?revise={id}` writes the next version of a sent one (the spec has no edit route);
 * `?orangeReport={reportId}` starts from an approved orange report and links the proposal to it.
 */
export default function NewProposalPage() {
  const { t, i18n } = useTranslation('proposals');
  const { customerId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  const reviseId = params.get('revise');
  const sourceId = editId ?? reviseId;
  const source = useProposal(sourceId);
  const reportId = sourceId ? null : params.get('orangeReport');
  const report = useQuery({
    queryKey: ['orange-reports', 'detail', reportId],
    queryFn: ({ signal }) => callEndpoint(ORANGE_REPORT_ENDPOINTS.get, { params: { id: reportId! } }, { signal }),
    enabled: !!reportId,
    retry: false,
  });
  const create = useCreateProposal();
  const update = useUpdateProposal();
  const revise = useReviseProposal();
  const send = useSendProposal();
  const list = `/customers/${customerId}/proposals`;

  if (sourceId && source.isPending) return <ListSkeleton rows={6} columns={2} />;
  if (sourceId && source.error) return <ErrorState message={source.error.message} onRetry={() => void source.refetch()} />;
  if (reportId && report.isPending) return <ListSkeleton rows={6} columns={2} />;
  if (reportId && report.error) return <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />;
  const fromReport = reportId && report.data && report.data.customerId === customerId ? report.data : null;
  // The link is kept through edits and revisions; a new proposal takes the report it starts from.
  const orangeReportId = source.data?.orangeReportId ?? fromReport?.id ?? null;

  const mode = reviseId ? 'revise' : editId ? 'edit' : 'create';
  return (
    <Stack maw={960}>
      {fromReport ? (
        <Alert color="orange" data-testid="from-orange-report">
          {t('form.fromReport', { number: fromReport.number, title: fromReport.title })}
        </Alert>
      ) : null}
      <ProposalForm
        key={sourceId ?? fromReport?.id ?? 'new'}
        mode={mode}
        initial={fromReport ? valuesFromReport(fromReport, i18n.resolvedLanguage ?? 'en', (unit) => t(`orangeReports:units.${unit}`, { defaultValue: unit })) : valuesOf(source.data)}
        customerId={customerId}
        attachments={source.data?.attachments}
        onCancel={() => void navigate(sourceId ? `${list}?open=${sourceId}` : list)}
        onSubmit={async (form, andSend) => {
          const body = { ...form, orangeReportId };
          let detail;
          if (mode === 'revise') detail = await revise.mutateAsync({ id: reviseId!, body });
          else if (mode === 'edit') detail = await update.mutateAsync({ id: editId!, body });
          else detail = await create.mutateAsync({ ...body, customerId });
          if (andSend && mode !== 'revise') detail = await send.mutateAsync(detail.id);
          toastSuccess(mode === 'revise' ? t('toast.revised') : andSend ? t('toast.sent') : t('toast.saved'));
          await navigate(`${list}?open=${detail.id}`);
          return detail;
        }}
      />
    </Stack>
  );
}
