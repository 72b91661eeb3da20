import { ActionIcon, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INVOICE_LIMITS, dollarsToCents, invoiceWriteSchema, lineAmounts, percentToBps, sumAmounts, type InvoiceDetail, type InvoiceKind, type InvoiceWrite, type UploadedFile } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { FileUpload } from '../../../components/upload';
import { money } from './money';
import { DateField } from '../../../components/forms/DateField';

interface LineValues {
  description: string;
  quantity: number | string;
  unit: string;
  /** Dollars as typed. */
  unitPrice: number | string;
  /** Percent as typed. */
  taxRate: number | string;
}

export interface InvoiceFormValues {
  kind: InvoiceKind;
  issueDate: string;
  dueDate: string;
  notes: string;
  lines: LineValues[];
  number: string;
  /** Dollars as typed (uploaded invoices). */
  amount: number | string;
  fileId: string | null;
  fileName: string | null;
}

const emptyLine = (): LineValues => ({ description: '', quantity: 1, unit: 'each', unitPrice: '', taxRate: 0 });
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function valuesOf(detail: InvoiceDetail | undefined): InvoiceFormValues {
  if (!detail) return { kind: 'itemized', issueDate: dayIn(0), dueDate: dayIn(30), notes: '', lines: [emptyLine()], number: '', amount: '', fileId: null, fileName: null };
  return {
    kind: detail.kind,
    issueDate: detail.issueDate,
    dueDate: detail.dueDate,
    notes: detail.notes,
    lines: detail.lineItems.length
      ? detail.lineItems.map((item) => ({ description: item.description, quantity: item.quantity, unit: item.unit, unitPrice: item.unitPriceCents / 100, taxRate: item.taxRateBps / 100 }))
      : [emptyLine()],
    number: detail.kind === 'uploaded' ? detail.number : '',
    amount: detail.kind === 'uploaded' ? detail.totalCents / 100 : '',
    fileId: detail.file?.id ?? null,
    fileName: detail.file?.name ?? null,
  };
}

/** The request body (money typed in dollars and percent, sent as cents and basis points). */
export function payloadOf(values: InvoiceFormValues): InvoiceWrite {
  const common = { kind: values.kind, issueDate: values.issueDate, dueDate: values.dueDate, notes: values.notes };
  if (values.kind === 'uploaded') {
    return { ...common, lineItems: [], number: values.number.trim() || null, amountCents: values.amount === '' ? null : dollarsToCents(Number(values.amount)), fileId: values.fileId };
  }
  return {
    ...common,
    lineItems: values.lines.map((line) => ({
      description: line.description,
      quantity: Number(line.quantity),
      unit: line.unit || 'each',
      unitPriceCents: line.unitPrice === '' ? Number.NaN : dollarsToCents(Number(line.unitPrice)),
      taxRateBps: percentToBps(Number(line.taxRate) || 0),
    })),
  };
}

export interface InvoiceFormProps {
  initial: InvoiceFormValues;
  customerId: string;
  /** Editing a draft: its kind stays. */
  editing: boolean;
  onSubmit: (body: InvoiceWrite, issue: boolean) => Promise<unknown>;
  onCancel: () => void;
}

/** Dates, notes and either line items with live totals, or the accounting system's PDF with its number and amount. */
export function InvoiceForm({ initial, customerId, editing, onSubmit, onCancel }: InvoiceFormProps) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const form = useForm<InvoiceFormValues>(initial);
  const v = form.values;
  const m = (cents: number) => money(cents, format.language);
  const setLine = (index: number, patch: Partial<LineValues>) => form.set('lines', v.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const priced = v.lines.map((line) =>
    lineAmounts({ quantity: Number(line.quantity) || 0, unitPriceCents: line.unitPrice === '' ? 0 : dollarsToCents(Number(line.unitPrice) || 0), taxRateBps: percentToBps(Number(line.taxRate) || 0) }),
  );
  const totals = sumAmounts(priced);
  const submit = (issue: boolean) => void form.submit({ schema: invoiceWriteSchema, payload: payloadOf(v), send: (body) => onSubmit(body as InvoiceWrite, issue) });
  const lineError = form.error('lineItems') && !Object.keys(form.errors).some((key) => key.startsWith('lineItems.')) ? form.error('lineItems') : undefined;

  return (
    <Stack gap="md">
      <FormErrorAlert message={form.formError} />
      {!editing ? (
        <SegmentedControl
          value={v.kind}
          onChange={(value) => form.set('kind', value)}
          data={[
            { value: 'itemized', label: t('form.itemized') },
            { value: 'uploaded', label: t('form.uploaded') },
          ]}
          aria-label={t('form.kind')}
          data-testid="invoice-kind"
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      <Group gap="md" align="flex-start" wrap="wrap">
        <DateField label={t('fields.issueDate')} value={v.issueDate} onChange={(day) => form.set('issueDate', day)} error={form.error('issueDate')} withAsterisk w={200} data-testid="invoice-issue-date" />
        <DateField label={t('fields.dueDate')} value={v.dueDate} min={v.issueDate} onChange={(day) => form.set('dueDate', day)} error={form.error('dueDate')} withAsterisk w={200} data-testid="invoice-due-date" />
      </Group>

      {v.kind === 'uploaded' ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('form.uploadedHint')}
          </Text>
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextInput label={t('fields.number')} value={v.number} onChange={(e) => form.set('number', e.currentTarget.value)} error={form.error('number')} maxLength={INVOICE_LIMITS.number} withAsterisk w={220} data-testid="invoice-number" />
            <NumberInput label={t('fields.total')} value={v.amount} onChange={(value) => form.set('amount', value)} error={form.error('amountCents')} min={0} decimalScale={2} fixedDecimalScale prefix="$" thousandSeparator="," withAsterisk w={200} data-testid="invoice-amount" />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.pdfFile')}
            </Text>
            {v.fileName ? (
              <Text size="sm" c="dimmed">
                {t('form.currentFile', { name: v.fileName })}
              </Text>
            ) : null}
            <FileUpload
              kind="file"
              customerId={customerId}
              multiple={false}
              onChange={(files: UploadedFile[]) => {
                const file = files.at(-1);
                form.setValues((previous) => ({ ...previous, fileId: file?.id ?? initial.fileId, fileName: file ? file.name : initial.fileName }));
              }}
            />
            {form.error('fileId') ? (
              <Text size="sm" c="red" role="alert">
                {form.error('fileId')}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t('fields.lineItems')}</Text>
          {lineError ? (
            <Text size="sm" c="red" role="alert">
              {lineError}
            </Text>
          ) : null}
          {v.lines.map((line, index) => (
            <Paper key={index} withBorder p="sm" radius="md" data-testid={`line-${index}`}>
              <Stack gap="xs">
                <TextInput label={t('fields.description')} value={line.description} onChange={(e) => setLine(index, { description: e.currentTarget.value })} error={form.error(`lineItems.${index}.description`)} maxLength={INVOICE_LIMITS.description} withAsterisk data-testid={`line-${index}-description`} />
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <NumberInput label={t('fields.quantity')} value={line.quantity} onChange={(value) => setLine(index, { quantity: value })} error={form.error(`lineItems.${index}.quantity`)} min={0} decimalScale={3} w={110} data-testid={`line-${index}-quantity`} />
                  <TextInput label={t('fields.unit')} value={line.unit} onChange={(e) => setLine(index, { unit: e.currentTarget.value })} error={form.error(`lineItems.${index}.unit`)} w={110} maxLength={INVOICE_LIMITS.unit} />
                  <NumberInput label={t('fields.unitPrice')} value={line.unitPrice} onChange={(value) => setLine(index, { unitPrice: value })} error={form.error(`lineItems.${index}.unitPriceCents`)} min={0} decimalScale={2} fixedDecimalScale prefix="$" thousandSeparator="," w={150} data-testid={`line-${index}-price`} />
                  <NumberInput label={t('form.taxPercent')} value={line.taxRate} onChange={(value) => setLine(index, { taxRate: value })} error={form.error(`lineItems.${index}.taxRateBps`)} min={0} max={100} decimalScale={3} suffix=" %" w={110} data-testid={`line-${index}-tax`} />
                  <Text size="sm" fw={600} ml="auto" data-testid={`line-${index}-amount`}>
                    {m(priced[index]!.subtotalCents)}
                  </Text>
                  <ActionIcon variant="subtle" color="red" aria-label={t('form.removeLine', { number: index + 1 })} disabled={v.lines.length <= 1} onClick={() => form.set('lines', v.lines.filter((_, i) => i !== index))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.set('lines', [...v.lines, emptyLine()])} disabled={v.lines.length >= INVOICE_LIMITS.lineItems} data-testid="add-line">
              {t('form.addLine')}
            </Button>
          </Group>
          <Paper withBorder p="sm" radius="md">
            <Table fz="sm" verticalSpacing={2}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td c="dimmed">{t('fields.subtotal')}</Table.Td>
                  <Table.Td ta="right">{m(totals.subtotalCents)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td c="dimmed">{t('fields.tax')}</Table.Td>
                  <Table.Td ta="right">{m(totals.taxCents)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td fw={700}>{t('fields.total')}</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="preview-total">
                    {m(totals.totalCents)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt={4}>
              {t('form.totalsNote')}
            </Text>
          </Paper>
        </Stack>
      )}

      <Textarea label={t('fields.notes')} value={v.notes} onChange={(e) => form.set('notes', e.currentTarget.value)} error={form.error('notes')} autosize minRows={2} maxLength={INVOICE_LIMITS.notes} />

      <Group gap="xs">
        <Button onClick={() => submit(true)} loading={form.submitting} data-testid="save-issue">
          {t('actions.saveAndIssue')}
        </Button>
        <Button variant="light" onClick={() => submit(false)} loading={form.submitting} data-testid="save-draft">
          {t('actions.saveDraft')}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
