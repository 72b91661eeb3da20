import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORANGE_REPORT_SERVICE_ENDPOINTS,
  OPTION_KEYS,
  PROPOSAL_LIMITS,
  dollarsToCents,
  lineAmounts,
  localizedName,
  percentToBps,
  proposalWriteSchema,
  sumAmounts,
  type OptionKey,
  type ProposalDetail,
  type ProposalWrite,
  type UploadedFile,
} from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { useFormat } from '../../../app/format';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { FileUpload } from '../../../components/upload';
import { AttachmentList } from './AttachmentList';
import { money } from './money';
import { DateField } from '../../../components/forms/DateField';

interface LineValues {
  serviceId: string | null;
  description: string;
  quantity: number | string;
  unit: string;
  /** Dollars as typed. */
  unitPrice: number | string;
  /** Percent as typed. */
  taxRate: number | string;
  optionKey: OptionKey | null;
}

export interface ProposalFormValues {
  title: string;
  scope: string;
  validUntil: string;
  lines: LineValues[];
  useOptions: boolean;
  options: { key: OptionKey; title: string }[];
}

const emptyLine = (): LineValues => ({ serviceId: null, description: '', quantity: 1, unit: 'each', unitPrice: '', taxRate: 0, optionKey: null });

export function defaultValidUntil(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function valuesOf(detail: ProposalDetail | undefined): ProposalFormValues {
  if (!detail) return { title: '', scope: '', validUntil: defaultValidUntil(), lines: [emptyLine()], useOptions: false, options: [] };
  return {
    title: detail.title,
    scope: detail.scope,
    validUntil: detail.validUntil,
    lines: detail.lineItems.map((item) => ({
      serviceId: item.serviceId,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      unitPrice: item.unitPriceCents / 100,
      taxRate: item.taxRateBps / 100,
      optionKey: item.optionKey,
    })),
    useOptions: detail.options.length > 0,
    options: detail.options.map((option) => ({ key: option.key, title: option.title })),
  };
}

/** The request body from the form (money typed in dollars and percent, sent as cents and basis points). */
export function payloadOf(values: ProposalFormValues, attachmentIds: string[] = []): ProposalWrite {
  return {
    title: values.title,
    scope: values.scope,
    validUntil: values.validUntil,
    options: values.useOptions ? values.options : [],
    attachmentIds,
    lineItems: values.lines.map((line) => ({
      serviceId: line.serviceId,
      description: line.description,
      quantity: Number(line.quantity),
      unit: line.unit || 'each',
      unitPriceCents: line.unitPrice === '' ? Number.NaN : dollarsToCents(Number(line.unitPrice)),
      taxRateBps: percentToBps(Number(line.taxRate) || 0),
      optionKey: values.useOptions ? line.optionKey : null,
    })),
  };
}

export interface ProposalFormProps {
  initial: ProposalFormValues;
  /** `send`: also send it (new or draft); `revise`: a new version of a sent proposal. */
  mode: 'create' | 'edit' | 'revise';
  onSubmit: (body: ProposalWrite, send: boolean) => Promise<unknown>;
  onCancel: () => void;
  /** The customer the uploads are for (the file service checks scope). */
  customerId: string;
  /** Files already attached (edit, revise); new uploads are added to them. */
  attachments?: ProposalDetail['attachments'];
}

/** Title, scope, validity, line items (free text or from the service catalogue), alternatives and live totals. */
export function ProposalForm({ initial, mode, onSubmit, onCancel, customerId, attachments = [] }: ProposalFormProps) {
  const { t, i18n } = useTranslation('proposals');
  const format = useFormat();
  const form = useForm<ProposalFormValues>(initial);
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  const catalogue = useQuery({
    queryKey: ['catalogue', 'proposal-picker'],
    queryFn: ({ signal }) => callEndpoint(ORANGE_REPORT_SERVICE_ENDPOINTS.list, { query: {} }, { signal }),
    staleTime: 5 * 60_000,
  });
  const services = catalogue.data?.data ?? [];
  const v = form.values;
  const setLine = (index: number, patch: Partial<LineValues>) => form.set('lines', v.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const pick = (index: number, serviceId: string | null) => {
    const service = services.find((s) => s.id === serviceId);
    if (!service) return setLine(index, { serviceId: null });
    setLine(index, {
      serviceId: service.id,
      description: localizedName(service.names, i18n.resolvedLanguage ?? 'en'),
      unit: t(`orangeReports:units.${service.unit}`, { defaultValue: service.unit }),
      unitPrice: service.unitPriceCents === null ? v.lines[index]!.unitPrice : service.unitPriceCents / 100,
    });
  };

  const priced = v.lines.map((line) => {
    const unitPriceCents = line.unitPrice === '' ? 0 : dollarsToCents(Number(line.unitPrice) || 0);
    return { ...lineAmounts({ quantity: Number(line.quantity) || 0, unitPriceCents, taxRateBps: percentToBps(Number(line.taxRate) || 0) }), optionKey: v.useOptions ? line.optionKey : null };
  });
  const shared = sumAmounts(priced.filter((line) => line.optionKey === null));
  const previews = v.useOptions
    ? v.options.map((option) => ({ label: t('fields.optionTotal', { key: option.key }), ...sumAmounts([shared, ...priced.filter((line) => line.optionKey === option.key)]) }))
    : [{ label: t('fields.total'), ...sumAmounts(priced) }];

  const submit = (send: boolean) =>
    void form.submit({ schema: proposalWriteSchema, payload: payloadOf(v, uploaded.map((file) => file.id)), send: (body) => onSubmit(body as ProposalWrite, send) });

  const optionChoices = [{ value: '', label: t('form.allOptions') }, ...v.options.map((option) => ({ value: option.key, label: `${option.key}: ${option.title}` }))];

  return (
    <Stack gap="md">
      <FormErrorAlert message={form.formError} />
      {mode === 'revise' ? <Alert color="blue">{t('form.reviseNote')}</Alert> : null}
      <TextInput label={t('fields.title')} value={v.title} onChange={(e) => form.set('title', e.currentTarget.value)} error={form.error('title')} maxLength={PROPOSAL_LIMITS.title} withAsterisk data-testid="proposal-title" />
      <Textarea label={t('fields.scope')} value={v.scope} onChange={(e) => form.set('scope', e.currentTarget.value)} error={form.error('scope')} autosize minRows={3} maxLength={PROPOSAL_LIMITS.scope} />
      <DateField label={t('fields.validUntil')} value={v.validUntil} onChange={(day) => form.set('validUntil', day)} error={form.error('validUntil')} withAsterisk w={220} data-testid="proposal-valid-until" />

      <Switch label={t('form.useOptions')} description={t('form.useOptionsHint')} checked={v.useOptions} onChange={(e) => {
        const on = e.currentTarget.checked;
        form.setValues((previous) => ({ ...previous, useOptions: on, options: on && previous.options.length === 0 ? [{ key: 'A', title: '' }, { key: 'B', title: '' }] : previous.options }));
      }} />
      {v.useOptions ? (
        <Stack gap="xs">
          {v.options.map((option, index) => (
            <Group key={option.key} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('fields.option', { key: option.key })}
                value={option.title}
                onChange={(e) => form.set('options', v.options.map((o, i) => (i === index ? { ...o, title: e.currentTarget.value } : o)))}
                error={form.error(`options.${index}`)}
                style={{ flex: 1 }}
                maxLength={PROPOSAL_LIMITS.optionTitle}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('form.removeOption', { key: option.key })} disabled={v.options.length <= 2} onClick={() => form.set('options', v.options.filter((_, i) => i !== index))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {v.options.length < OPTION_KEYS.length ? (
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.set('options', [...v.options, { key: OPTION_KEYS.find((key) => !v.options.some((o) => o.key === key))!, title: '' }])}>
                {t('form.addOption')}
              </Button>
            </Group>
          ) : null}
          {form.error('options') ? <Text size="sm" c="red">{form.error('options')}</Text> : null}
        </Stack>
      ) : null}

      <Stack gap="xs">
        <Text fw={600}>{t('fields.lineItems')}</Text>
        {form.error('lineItems') && !Object.keys(form.errors).some((k) => k.startsWith('lineItems.')) ? <Text size="sm" c="red">{form.error('lineItems')}</Text> : null}
        {v.lines.map((line, index) => (
          <Paper key={index} withBorder p="sm" radius="md" data-testid={`line-${index}`}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="wrap">
                {services.length ? (
                  <Select
                    label={t('form.fromCatalogue')}
                    placeholder={t('form.freeText')}
                    data={services.map((s) => ({ value: s.id, label: localizedName(s.names, i18n.resolvedLanguage ?? 'en') }))}
                    value={line.serviceId}
                    onChange={(value) => pick(index, value)}
                    searchable
                    clearable
                    w={240}
                  />
                ) : null}
                <TextInput label={t('fields.description')} value={line.description} onChange={(e) => setLine(index, { description: e.currentTarget.value })} error={form.error(`lineItems.${index}.description`)} style={{ flex: 1, minWidth: 200 }} maxLength={PROPOSAL_LIMITS.description} withAsterisk data-testid={`line-${index}-description`} />
              </Group>
              <Group gap="xs" align="flex-end" wrap="wrap">
                <NumberInput label={t('fields.quantity')} value={line.quantity} onChange={(value) => setLine(index, { quantity: value })} error={form.error(`lineItems.${index}.quantity`)} min={0} decimalScale={3} w={110} data-testid={`line-${index}-quantity`} />
                <TextInput label={t('fields.unit')} value={line.unit} onChange={(e) => setLine(index, { unit: e.currentTarget.value })} error={form.error(`lineItems.${index}.unit`)} w={110} maxLength={PROPOSAL_LIMITS.unit} />
                <NumberInput label={t('fields.unitPrice')} value={line.unitPrice} onChange={(value) => setLine(index, { unitPrice: value })} error={form.error(`lineItems.${index}.unitPriceCents`)} min={0} decimalScale={2} fixedDecimalScale prefix="$" thousandSeparator="," w={150} data-testid={`line-${index}-price`} />
                <NumberInput label={t('form.taxPercent')} value={line.taxRate} onChange={(value) => setLine(index, { taxRate: value })} error={form.error(`lineItems.${index}.taxRateBps`)} min={0} max={100} decimalScale={3} suffix=" %" w={110} />
                {v.useOptions ? (
                  <Select label={t('form.option')} data={optionChoices} value={line.optionKey ?? ''} onChange={(value) => setLine(index, { optionKey: (value || null) as OptionKey | null })} allowDeselect={false} w={170} error={form.error(`lineItems.${index}.optionKey`)} />
                ) : null}
                <Text size="sm" fw={600} ml="auto" aria-label={t('fields.amount')}>
                  {money(priced[index]!.subtotalCents, format.language)}
                </Text>
                <ActionIcon variant="subtle" color="red" aria-label={t('form.removeLine', { number: index + 1 })} disabled={v.lines.length <= 1} onClick={() => form.set('lines', v.lines.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.set('lines', [...v.lines, emptyLine()])} disabled={v.lines.length >= PROPOSAL_LIMITS.lineItems}>
            {t('form.addLine')}
          </Button>
        </Group>
      </Stack>

      <Paper withBorder p="sm" radius="md">
        <Table fz="sm" verticalSpacing={2}>
          <Table.Tbody>
            {previews.map((preview) => (
              <Table.Tr key={preview.label}>
                <Table.Td>{preview.label}</Table.Td>
                <Table.Td ta="right" c="dimmed">{t('fields.subtotal')} {money(preview.subtotalCents, format.language)}</Table.Td>
                <Table.Td ta="right" c="dimmed">{t('fields.tax')} {money(preview.taxCents, format.language)}</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="preview-total">{money(preview.totalCents, format.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt={4}>
          {t('form.totalsNote')}
        </Text>
      </Paper>

      <Stack gap="xs" data-testid="proposal-attachments-editor">
        <Text fw={500} size="sm">
          {t('fields.attachments')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('form.attachmentsHint')}
        </Text>
        {attachments.length > 0 && <AttachmentList attachments={attachments} />}
        <FileUpload kind="file" customerId={customerId} onChange={setUploaded} />
      </Stack>

      <Group gap="xs">
        {mode === 'revise' ? (
          <Button onClick={() => submit(true)} loading={form.submitting} data-testid="send-revision">
            {t('actions.sendRevision')}
          </Button>
        ) : (
          <>
            <Button onClick={() => submit(true)} loading={form.submitting} data-testid="save-send">
              {t('actions.saveAndSend')}
            </Button>
            <Button variant="light" onClick={() => submit(false)} loading={form.submitting} data-testid="save-draft">
              {t('actions.saveDraft')}
            </Button>
          </>
        )}
        <Button variant="subtle" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
