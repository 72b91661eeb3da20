import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLAN_LIMITS, planCreateSchema, planUpdateSchema, type PlanDetail } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreatePlan, useUpdatePlan } from '../api/plans-api';
import { useTemplateList, useZones } from '../api/templates-api';
import { ItemsEditor, newItem, toEditable, toPayload, type EditableItem } from './ItemsEditor';
import { addDaysTo } from './calendar';
import { DateField } from '../../../components/forms/DateField';

interface PlanFormProps {
  customerId: string;
  /** The plan being edited; none: a new plan. */
  plan?: PlanDetail;
  /** A new plan: the template it starts from (from `?templateId=`). */
  templateId?: string | null;
}

interface Values {
  templateId: string | null;
  name: string;
  startDate: string;
  notes: string;
  items: EditableItem[];
  changeNote: string;
}

/** The first day of next month, as `YYYY-MM-DD` (a quarter usually starts on the 1st). */
function nextMonthStart(now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-01`;
}

function initialValues(plan: PlanDetail | undefined, templateId: string | null | undefined): Values {
  if (!plan) return { templateId: templateId ?? null, name: '', startDate: nextMonthStart(), notes: '', items: [newItem()], changeNote: '' };
  return { templateId: plan.template?.id ?? null, name: plan.name, startDate: plan.startDate, notes: plan.notes, items: plan.items.map(toEditable), changeNote: '' };
}

/**
 * New plan (from a template — its items are copied — or blank) or edit: name, quarter start, notes,
 * items. Saving a published plan publishes a new version the customer is told about.
 */
export function PlanForm({ customerId, plan, templateId }: PlanFormProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const navigate = useNavigate();
  const form = useForm<Values>(initialValues(plan, templateId));
  const { allowLeave } = useUnsavedChanges(form.dirty);
  const templates = useTemplateList({ customerId, scope: 'all', pageSize: 100 }, !plan);
  const zones = useZones(customerId);
  const create = useCreatePlan();
  const update = useUpdatePlan(plan?.id ?? '');
  const base = `/customers/${customerId}/plans`;
  const fromTemplate = !plan && !!form.values.templateId;
  const published = plan?.status === 'published';
  const endDate = /^\d{4}-\d{2}-\d{2}$/.test(form.values.startDate) ? addDaysTo(form.values.startDate, 89) : null;

  const onSubmit = async () => {
    const v = form.values;
    const saved = plan
      ? await form.submit({
          schema: planUpdateSchema,
          payload: { name: v.name, startDate: v.startDate, notes: v.notes, items: toPayload(v.items), ...(published ? { changeNote: v.changeNote } : {}) },
          send: (data) => update.mutateAsync(data),
        })
      : await form.submit({
          schema: planCreateSchema,
          payload: {
            customerId,
            templateId: v.templateId,
            ...(v.name.trim() ? { name: v.name } : {}),
            startDate: v.startDate,
            notes: v.notes,
            ...(v.templateId ? {} : { items: toPayload(v.items) }),
          },
          send: (data) => create.mutateAsync(data),
        });
    if (!saved) return;
    toastSuccess(plan ? (published ? t('plans.revised', { n: saved.version }) : t('plans.saved')) : t('plans.created'));
    allowLeave();
    // A plan made from a template opens in the editor: its copied items are there to adjust.
    void navigate(!plan && v.templateId ? `${base}/${saved.id}/edit` : `${base}/${saved.id}/view`);
  };

  const templateOptions = (templates.data?.data ?? []).map((template) => ({
    value: template.id,
    label: `${template.name} · ${template.customerId ? t('templates.scope.customerBadge') : t('templates.scope.globalBadge')}`,
  }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="lg">
        <FormErrorAlert message={form.formError} />
        {published && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="revision-notice">
            {t('form.revisionNotice', { n: (plan?.version ?? 0) + 1 })}
          </Alert>
        )}
        <ContentCard title={t('form.details')}>
          <Stack gap="sm">
            {!plan && (
              <Select
                label={t('form.template')}
                description={t('form.templateHint')}
                placeholder={t('form.blank')}
                data={templateOptions}
                value={form.values.templateId}
                onChange={(value) => form.set('templateId', value)}
                clearable
                searchable
                disabled={templates.isPending}
                error={form.error('templateId')}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('form.name')}
                description={!plan ? t('form.nameHint') : undefined}
                required={!!plan}
                maxLength={PLAN_LIMITS.name}
                value={form.values.name}
                onChange={(e) => form.set('name', e.currentTarget.value)}
                error={form.error('name')}
              />
              <DateField
                label={t('form.startDate')}
                description={endDate ? t('form.endsOn', { date: format.date(endDate) }) : t('form.startHint')}
                required
                value={form.values.startDate}
                onChange={(day) => form.set('startDate', day)}
                error={form.error('startDate')}
              />
            </SimpleGrid>
            <Textarea
              label={t('form.notes')}
              description={t('form.notesHint')}
              autosize
              minRows={2}
              maxLength={PLAN_LIMITS.notes}
              value={form.values.notes}
              onChange={(e) => form.set('notes', e.currentTarget.value)}
              error={form.error('notes')}
            />
            {published && (
              <Textarea
                label={t('form.changeNote')}
                description={t('form.changeNoteHint')}
                autosize
                minRows={2}
                maxLength={PLAN_LIMITS.changeNote}
                value={form.values.changeNote}
                onChange={(e) => form.set('changeNote', e.currentTarget.value)}
                error={form.error('changeNote')}
              />
            )}
          </Stack>
        </ContentCard>
        {fromTemplate ? (
          <ContentCard title={t('items.title', { n: templates.data?.data.find((x) => x.id === form.values.templateId)?.itemCount ?? 0 })}>
            <Text size="sm" c="dimmed">
              {t('form.itemsFromTemplate')}
            </Text>
          </ContentCard>
        ) : (
          <ContentCard title={t('items.title', { n: form.values.items.length })}>
            <ItemsEditor
              items={form.values.items}
              onChange={(items) => form.set('items', items)}
              error={form.error}
              listError={form.errors.items?.join(' ')}
              zones={zones.data ?? []}
              dateFormat="date"
            />
          </ContentCard>
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={plan ? `${base}/${plan.id}/view` : base} variant="default">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
            {plan ? (published ? t('form.saveRevision') : t('actions.save')) : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
