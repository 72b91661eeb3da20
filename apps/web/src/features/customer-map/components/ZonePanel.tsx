import { Alert, Button, ColorInput, Group, List, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCrosshair, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZONE_KINDS, ZONE_LIMITS, squareMetresToFeet, type ZoneKind } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import type { FormState } from '../../../components/forms/useForm';
import { useZoneFormat } from '../../../components/map/useZoneFormat';
import { ZONE_KIND_COLORS, ZONE_SWATCHES } from '../../../components/map/zone-colors';
import { ContentCard } from '../../../components/ui/ContentCard';
import { draftArea, finishProblem, type Vertex } from './draft-shape';

export interface ZoneValues {
  name: string;
  kind: ZoneKind;
  color: string;
  notes: string;
}

interface DrawPanelProps {
  draft: readonly Vertex[];
  onAddAtCentre: () => void;
  onUndo: () => void;
  onFinish: () => void;
  onCancel: () => void;
}

/** While drawing: how it works, the points so far with the area, and the buttons that close it. */
export function DrawPanel({ draft, onAddAtCentre, onUndo, onFinish, onCancel }: DrawPanelProps) {
  const { t } = useTranslation('customerMap');
  const zoneFormat = useZoneFormat();
  const problem = finishProblem(draft);
  const area = draftArea(draft);
  return (
    <ContentCard title={t('draw.title')} data-testid="draw-panel">
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          <List.Item>{t('draw.stepClick')}</List.Item>
          <List.Item>{t('draw.stepClose')}</List.Item>
          <List.Item>{t('draw.stepKeyboard')}</List.Item>
        </List>
        <Text size="sm" aria-live="polite" data-testid="draw-status">
          {t('draw.points', { count: draft.length })}
          {area > 0 && ` · ${t('draw.about', { area: zoneFormat.area(area, squareMetresToFeet(area)) })}`}
        </Text>
        {problem === 'selfIntersecting' && (
          <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
            {t('draw.selfIntersecting')}
          </Alert>
        )}
        <Group gap="xs">
          <Button variant="light" size="xs" leftSection={<IconCrosshair size={14} aria-hidden />} onClick={onAddAtCentre}>
            {t('draw.addAtCentre')}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={onUndo} disabled={draft.length === 0}>
            {t('draw.undo')}
          </Button>
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('draw.cancel')}
          </Button>
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={onFinish} disabled={problem !== null} data-testid="finish-shape">
            {t('draw.finish')}
          </Button>
        </Group>
      </Stack>
    </ContentCard>
  );
}

interface ZoneFormPanelProps {
  form: FormState<ZoneValues>;
  isNew: boolean;
  /** Square metres of the shape as drawn (the server's figure replaces it once saved). */
  area: number;
  /** The shape has several parts or holes: it can be renamed and recoloured, not reshaped here. */
  shapeLocked: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** Name, kind, colour and notes of the zone being added or edited. */
export function ZoneFormPanel({ form, isNew, area, shapeLocked, onSave, onCancel }: ZoneFormPanelProps) {
  const { t } = useTranslation('customerMap');
  const zoneFormat = useZoneFormat();
  const { values } = form;
  return (
    <ContentCard title={isNew ? t('zoneForm.newTitle') : t('zoneForm.editTitle')} data-testid="zone-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <Stack gap="sm">
          <FormErrorAlert message={form.formError} />
          <Text size="sm" c="dimmed">
            {shapeLocked ? t('zoneForm.shapeLocked') : t('zoneForm.shapeHint')}
          </Text>
          <Text size="sm" fw={500} data-testid="zone-form-area">
            {t('draw.about', { area: zoneFormat.area(area, squareMetresToFeet(area)) })}
          </Text>
          {form.error('geometry') && (
            <Text size="sm" c="red" role="alert">
              {form.error('geometry')}
            </Text>
          )}
          <TextInput
            label={t('zoneForm.name')}
            value={values.name}
            onChange={(event) => form.set('name', event.currentTarget.value)}
            error={form.error('name')}
            maxLength={ZONE_LIMITS.name}
            required
            data-autofocus
            data-testid="zone-name"
          />
          <Select
            label={t('zoneForm.kind')}
            data={ZONE_KINDS.map((kind) => ({ value: kind, label: zoneFormat.kind(kind) }))}
            value={values.kind}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              const kind = value;
              // Keep a colour the user picked; follow the kind while it is still the suggested one.
              if (values.color.toLowerCase() === ZONE_KIND_COLORS[values.kind]) form.set('color', ZONE_KIND_COLORS[kind]);
              form.set('kind', kind);
            }}
            error={form.error('kind')}
          />
          <ColorInput
            label={t('zoneForm.color')}
            format="hex"
            value={values.color}
            onChange={(color) => form.set('color', color)}
            swatches={ZONE_SWATCHES}
            swatchesPerRow={10}
            withEyeDropper={false}
            error={form.error('color')}
          />
          <Textarea
            label={t('zoneForm.notes')}
            value={values.notes}
            onChange={(event) => form.set('notes', event.currentTarget.value)}
            error={form.error('notes')}
            maxLength={ZONE_LIMITS.notes}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              {t('draw.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="save-zone">
              {t('zoneForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}
