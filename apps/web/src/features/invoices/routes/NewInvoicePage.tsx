import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreateInvoice, useInvoice, useIssueInvoice, useUpdateInvoice } from '../api/invoices-api';
import { InvoiceForm, valuesOf } from '../components/InvoiceForm';

/** /customers/{customerId}/invoices/new: a new invoice; `?edit={id}` edits a draft (the spec has no edit route). */
export default function NewInvoicePage() {
  const { t } = useTranslation('invoices');
  const { customerId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  const source = useInvoice(editId);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const issue = useIssueInvoice();
  const list = `/customers/${customerId}/invoices`;

  if (editId && source.isPending) return <ListSkeleton rows={6} columns={2} />;
  if (editId && source.error) return <ErrorState message={source.error.message} onRetry={() => void source.refetch()} />;

  return (
    <Stack maw={960}>
      <InvoiceForm
        key={editId ?? 'new'}
        customerId={customerId}
        editing={Boolean(editId)}
        initial={valuesOf(source.data)}
        onCancel={() => void navigate(editId ? `${list}?open=${editId}` : list)}
        onSubmit={async (body, andIssue) => {
          let detail = editId ? await update.mutateAsync({ id: editId, body }) : await create.mutateAsync({ ...body, customerId });
          if (andIssue) detail = await issue.mutateAsync(detail.id);
          toastSuccess(andIssue ? t('toast.issued') : t('toast.saved'));
          await navigate(`${list}?open=${detail.id}`);
          return detail;
        }}
      />
    </Stack>
  );
}
