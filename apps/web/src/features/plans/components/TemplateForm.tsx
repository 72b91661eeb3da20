import { Button, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLAN_LIMITS, PLAN_SEASONS, planTemplateCreateSchema, planTemplateInputSchema, type PlanSeason, type PlanTemplate } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreateTemplate, useRegions, useUpdateTemplate, useZones } from '../api/templates-api';
import { ItemsEditor, newItem, toEditable, toPayload, type EditableItem } from './ItemsEditor';

interface TemplateFormProps {
  /** The customer whose own template this is; null: a global template. */
  customerId: string | null;
  /** The template being edited; none: a new one. */
  template?: PlanTemplate;
  /** Where a saved template opens. */
  savedPath: (template: PlanTemplate) => string;
  cancelPath: string;
}

interface Values {
  name: string;
  season: PlanSeason | null;
  regionId: string | null;
  description: string;
  items: EditableItem[];
}

function initialValues(template: PlanTemplate | undefined): Values {
  if (!template) return { name: '', season: null, regionId: null, description: '', items: [newItem()] };
  return {
    name: template.name,
    season: template.season,
    regionId: template.regionId,
    description: template.description,
    items: template.items.map(toEditable),
  };
}

/** New or edit: name, season, region (global templates), description and the items. */
export function TemplateForm({ customerId, template, savedPath, cancelPath }: TemplateFormProps) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const form = useForm<Values>(initialValues(template));
  const { allowLeave } = useUnsavedChanges(form.dirty);
  const regions = useRegions(customerId === null);
  const zones = useZones(customerId);
  const create = useCreateTemplate();
  const update = useUpdateTemplate(template?.id ?? '');

  const onSubmit = async () => {
    const payload = {
      name: form.values.name,
      season: form.values.season,
      regionId: form.values.regionId,
      description: form.values.description,
      items: toPayload(form.values.items),
      ...(template ? {} : { customerId }),
    };
    const saved = await form.submit({
      schema: template ? planTemplateInputSchema : planTemplateCreateSchema,
      payload,
      required: ['season'],
      send: (data) => (template ? update.mutateAsync(data) : create.mutateAsync(data)),
    });
    if (!saved) return;
    toastSuccess(template ? t('templates.saved') : t('templates.created'));
    allowLeave();
    void navigate(savedPath(saved));
  };

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
        <ContentCard title={t('templates.details')}>
          <Stack gap="sm">
            <TextInput label={t('templates.name')} required maxLength={PLAN_LIMITS.name} value={form.values.name} onChange={(e) => form.set('name', e.currentTarget.value)} error={form.error('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('templates.season')}
                description={t('templates.seasonHint')}
                required
                data={PLAN_SEASONS.map((season) => ({ value: season, label: t(`season.${season}`) }))}
                value={form.values.season}
                onChange={(value) => form.set('season', value)}
                error={form.error('season')}
              />
              {customerId === null && (
                <Select
                  label={t('templates.region')}
                  description={t('templates.regionHint')}
                  data={(regions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
                  value={form.values.regionId}
                  onChange={(value) => form.set('regionId', value)}
                  clearable
                  placeholder={t('templates.allRegions')}
                  error={form.error('regionId')}
                />
              )}
            </SimpleGrid>
            <Textarea
              label={t('templates.description')}
              autosize
              minRows={2}
              maxLength={PLAN_LIMITS.description}
              value={form.values.description}
              onChange={(e) => form.set('description', e.currentTarget.value)}
              error={form.error('description')}
            />
          </Stack>
        </ContentCard>
        <ContentCard title={t('items.title', { n: form.values.items.length })}>
          <ItemsEditor
            items={form.values.items}
            onChange={(items) => form.set('items', items)}
            error={form.error}
            listError={form.errors.items?.join(' ')}
            zones={customerId === null ? null : (zones.data ?? [])}
            dateFormat="monthDay"
          />
        </ContentCard>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelPath} variant="default">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
            {template ? t('actions.save') : t('templates.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
