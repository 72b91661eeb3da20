import { Alert, Badge, Button, Divider, Drawer, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCash, IconDownload, IconFileCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_METHODS, dollarsToCents, invoiceVoidSchema, paymentCreateSchema, type InvoiceDetail, type PaymentMethod } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useForm } from '../../../components/forms/useForm';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { downloadInvoicePdf, useDeleteInvoice, useInvoice, useIssueInvoice, useRecordPayment, useVoidInvoice } from '../api/invoices-api';
import { STATUS_COLORS, money } from './money';
import { DateField } from '../../../components/forms/DateField';

export interface InvoiceDrawerProps {
  id: string | null;
  audience: 'staff' | 'customer';
  customerId: string;
  onClose: () => void;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** One invoice beside its list: lines or uploaded file, totals, payments, balance and (staff) what can be done next. */
export function InvoiceDrawer({ id, audience, customerId, onClose }: InvoiceDrawerProps) {
  const { t } = useTranslation('invoices');
  const { data, error, isPending, refetch } = useInvoice(id);
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="xl" title={data ? t('detail.heading', { number: data.number }) : t('detail.title')} closeButtonProps={{ 'aria-label': t('detail.close') }} data-testid="invoice-drawer">
      {isPending && id ? <ListSkeleton rows={6} columns={2} /> : null}
      {error ? <ErrorState message={messageOf(error, t('detail.loadFailed'))} onRetry={() => void refetch()} /> : null}
      {data ? <InvoiceView key={data.id} invoice={data} audience={audience} customerId={customerId} onDeleted={onClose} /> : null}
    </Drawer>
  );
}

function InvoiceView({ invoice: inv, audience, customerId, onDeleted }: { invoice: InvoiceDetail; audience: 'staff' | 'customer'; customerId: string; onDeleted: () => void }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const confirm = useConfirm();
  const issue = useIssueInvoice();
  const remove = useDeleteInvoice();
  const [downloading, setDownloading] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [paying, setPaying] = useState(false);
  const can = (action: InvoiceDetail['allowedActions'][number]) => inv.allowedActions.includes(action);
  const m = (cents: number) => money(cents, format.language);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toastSuccess(success);
    } catch (error) {
      toastError(messageOf(error, t('detail.actionFailed')));
    }
  };
  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(inv);
    } catch (error) {
      toastError(messageOf(error, t('detail.pdfFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={STATUS_COLORS[inv.status]} variant="dot" size="lg" data-testid="invoice-status">
          {t(`status.${inv.status}`)}
        </Badge>
        {inv.overdue ? (
          <Badge color="red" variant="filled" size="lg">
            {t('list.daysOverdue', { count: inv.daysOverdue })}
          </Badge>
        ) : null}
        {inv.kind === 'uploaded' ? <Badge variant="outline">{t('detail.uploaded')}</Badge> : null}
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label={t('fields.issueDate')} value={format.date(inv.issueDate)} />
        <Fact label={t('fields.dueDate')} value={format.date(inv.dueDate)} />
        <Fact label={t('fields.balance')} value={inv.status === 'void' ? '—' : m(inv.balanceCents)} strong testId="invoice-balance" />
      </SimpleGrid>

      {inv.status === 'void' ? (
        <Alert color="gray" title={t('detail.voidTitle')}>
          {inv.voidReason}
        </Alert>
      ) : null}

      <Group gap="xs">
        <Button leftSection={<IconDownload size={16} aria-hidden />} variant="light" loading={downloading} onClick={() => void pdf()} data-testid="invoice-pdf">
          {t('actions.pdf')}
        </Button>
        {audience === 'staff' && can('issue') ? (
          <Button
            leftSection={<IconFileCheck size={16} aria-hidden />}
            loading={issue.isPending}
            data-testid="issue-invoice"
            onClick={() =>
              void (async () => {
                const ok = await confirm({ title: t('confirm.issueTitle'), message: t('confirm.issueText', { number: inv.number }), confirmLabel: t('actions.issue'), destructive: false });
                if (ok) await run(() => issue.mutateAsync(inv.id), t('toast.issued'));
              })()
            }
          >
            {t('actions.issue')}
          </Button>
        ) : null}
        {audience === 'staff' && can('pay') ? (
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setPaying(true)} data-testid="record-payment">
            {t('actions.recordPayment')}
          </Button>
        ) : null}
        {audience === 'staff' && can('edit') ? (
          <Button component={Link} to={`/customers/${customerId}/invoices/new?edit=${inv.id}`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('actions.edit')}
          </Button>
        ) : null}
        {audience === 'staff' && can('void') ? (
          <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setVoiding(true)} data-testid="void-invoice">
            {t('actions.void')}
          </Button>
        ) : null}
        {audience === 'staff' && can('delete') ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() =>
              void (async () => {
                const ok = await confirm({ title: t('confirm.deleteTitle'), message: t('confirm.deleteText', { number: inv.number }) });
                if (ok) await run(async () => {
                  await remove.mutateAsync(inv.id);
                  onDeleted();
                }, t('toast.deleted'));
              })()
            }
          >
            {t('actions.delete')}
          </Button>
        ) : null}
      </Group>

      <Divider />
      {inv.kind === 'itemized' ? (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.description')}</Table.Th>
                <Table.Th ta="right">{t('fields.quantity')}</Table.Th>
                <Table.Th>{t('fields.unit')}</Table.Th>
                <Table.Th ta="right">{t('fields.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('fields.tax')}</Table.Th>
                <Table.Th ta="right">{t('fields.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.lineItems.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td ta="right">{format.number(item.quantity)}</Table.Td>
                  <Table.Td>{item.unit}</Table.Td>
                  <Table.Td ta="right">{m(item.unitPriceCents)}</Table.Td>
                  <Table.Td ta="right">{format.number(item.taxRateBps / 100)} %</Table.Td>
                  <Table.Td ta="right">{m(item.subtotalCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t('detail.uploadedText', { name: inv.file?.name ?? '' })}
        </Text>
      )}
      <Stack gap={2} align="flex-end" data-testid="invoice-totals">
        {inv.kind === 'itemized' ? (
          <>
            <Text size="sm" c="dimmed">
              {t('fields.subtotal')}: {m(inv.subtotalCents)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('fields.tax')}: {m(inv.taxCents)}
            </Text>
          </>
        ) : null}
        <Text fw={700}>
          {t('fields.total')}: {m(inv.totalCents)}
        </Text>
        {inv.paidCents > 0 ? (
          <Text size="sm">
            {t('fields.paid')}: {m(inv.paidCents)}
          </Text>
        ) : null}
      </Stack>

      {inv.notes ? (
        <Stack gap={4}>
          <Title order={4}>{t('fields.notes')}</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {inv.notes}
          </Text>
        </Stack>
      ) : null}

      <Stack gap={4}>
        <Title order={4}>{t('detail.payments')}</Title>
        {inv.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noPayments')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table fz="sm" verticalSpacing={4} data-testid="payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.paidOn')}</Table.Th>
                  <Table.Th>{t('fields.method')}</Table.Th>
                  <Table.Th>{t('fields.reference')}</Table.Th>
                  <Table.Th ta="right">{t('fields.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{format.date(payment.paidOn)}</Table.Td>
                    <Table.Td>{t(`methods.${payment.method}`)}</Table.Td>
                    <Table.Td>{payment.reference || '—'}</Table.Td>
                    <Table.Td ta="right">{m(payment.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <PaymentModal invoice={inv} opened={paying} onClose={() => setPaying(false)} />
      <VoidModal invoice={inv} opened={voiding} onClose={() => setVoiding(false)} />
    </Stack>
  );
}

function Fact({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

interface PaymentValues {
  paidOn: string;
  amount: number | string;
  method: PaymentMethod;
  reference: string;
}

function PaymentModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const record = useRecordPayment();
  const form = useForm<PaymentValues>({ paidOn: new Date().toISOString().slice(0, 10), amount: invoice.balanceCents / 100, method: 'check', reference: '' });
  const [tooMuch, setTooMuch] = useState(false);
  const v = form.values;
  const amountCents = v.amount === '' ? Number.NaN : dollarsToCents(Number(v.amount));
  const submit = () => {
    if (amountCents > invoice.balanceCents) {
      setTooMuch(true);
      return;
    }
    setTooMuch(false);
    void form.submit({
      schema: paymentCreateSchema,
      payload: { paidOn: v.paidOn, amountCents, method: v.method, reference: v.reference },
      send: async (body) => {
        await record.mutateAsync({ id: invoice.id, body });
        toastSuccess(t('toast.paymentRecorded'));
        onClose();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('payment.title', { number: invoice.number })} centered closeButtonProps={{ 'aria-label': t('detail.close') }}>
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <Text size="sm" c="dimmed">
          {t('payment.balance', { amount: money(invoice.balanceCents, format.language) })}
        </Text>
        <DateField label={t('fields.paidOn')} value={v.paidOn} onChange={(day) => form.set('paidOn', day)} error={form.error('paidOn')} withAsterisk />
        <NumberInput
          label={t('fields.amount')}
          value={v.amount}
          onChange={(value) => {
            setTooMuch(false);
            form.set('amount', value);
          }}
          error={tooMuch ? t('payment.tooMuch') : form.error('amountCents')}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          prefix="$"
          thousandSeparator=","
          withAsterisk
          data-testid="payment-amount"
        />
        <Select
          label={t('fields.method')}
          data={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
          value={v.method}
          onChange={(value) => value && form.set('method', value)}
          allowDeselect={false}
          error={form.error('method')}
        />
        <TextInput label={t('fields.reference')} value={v.reference} onChange={(e) => form.set('reference', e.currentTarget.value)} error={form.error('reference')} maxLength={100} placeholder={t('payment.referenceHint')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={form.submitting} data-testid="save-payment">
            {t('actions.recordPayment')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function VoidModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const voidInvoice = useVoidInvoice();
  const form = useForm<{ reason: string }>({ reason: '' });
  const submit = () =>
    void form.submit({
      schema: invoiceVoidSchema,
      send: async (body) => {
        await voidInvoice.mutateAsync({ id: invoice.id, reason: body.reason });
        toastSuccess(t('toast.voided'));
        onClose();
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('confirm.voidTitle', { number: invoice.number })} centered closeButtonProps={{ 'aria-label': t('detail.close') }}>
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <Text size="sm">{t('confirm.voidText')}</Text>
        <Textarea label={t('fields.voidReason')} value={form.values.reason} onChange={(e) => form.set('reason', e.currentTarget.value)} error={form.error('reason')} autosize minRows={2} maxLength={1000} withAsterisk data-testid="void-reason" />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={form.submitting} data-testid="confirm-void">
            {t('actions.void')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
