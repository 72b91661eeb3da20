import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreateProposal, useProposal, useReviseProposal, useSendProposal, useUpdateProposal } from '../api/proposals-api';
import { ProposalForm, valuesOf } from '../components/ProposalForm';

/**
 * /customers/{customerId}/proposals/new: a new proposal; `?edit={id}` edits a draft and
 * `?revise={id}` writes the next version of a sent one (the spec has no edit route).
 */
export default function NewProposalPage() {
  const { t } = useTranslation('proposals');
  const { customerId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  const reviseId = params.get('revise');
  const sourceId = editId ?? reviseId;
  const source = useProposal(sourceId);
  const create = useCreateProposal();
  const update = useUpdateProposal();
  const revise = useReviseProposal();
  const send = useSendProposal();
  const list = `/customers/${customerId}/proposals`;

  if (sourceId && source.isPending) return <ListSkeleton rows={6} columns={2} />;
  if (sourceId && source.error) return <ErrorState message={source.error.message} onRetry={() => void source.refetch()} />;

  const mode = reviseId ? 'revise' : editId ? 'edit' : 'create';
  return (
    <Stack maw={960}>
      <ProposalForm
        key={sourceId ?? 'new'}
        mode={mode}
        initial={valuesOf(source.data)}
        customerId={customerId}
        attachments={source.data?.attachments}
        onCancel={() => void navigate(sourceId ? `${list}?open=${sourceId}` : list)}
        onSubmit={async (body, andSend) => {
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
