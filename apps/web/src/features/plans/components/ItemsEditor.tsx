import { ActionIcon, Autocomplete, Badge, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import {
  localizedName,
  PLAN_FREQUENCY_KINDS,
  PLAN_LIMITS,
  WEEKDAYS,
  ZONE_KINDS,
  type CustomerZone,
  type PlanFrequency,
  type PlanItem,
  type ZoneKind,
} from '@grove/shared';
import { useServiceCatalogue } from '../api/templates-api';
import { frequencyOfKind, useFrequencyText, weekdayName } from './labels';

/** An item in the editor; `key` keeps React rows stable while items move. */
export interface EditableItem {
  key: string;
  id?: string;
  serviceId: string | null;
  service: string;
  description: string;
  frequency: PlanFrequency;
  zoneIds: string[];
  zoneKinds: ZoneKind[];
  notes: string;
}

export function toEditable(item: PlanItem): EditableItem {
  return { key: item.id, ...item };
}

export function newItem(): EditableItem {
  return { key: crypto.randomUUID(), serviceId: null, service: '', description: '', frequency: { kind: 'weekly', weekday: 'mon' }, zoneIds: [], zoneKinds: [], notes: '' };
}

/** What the API takes (the editor's row key stays behind). */
export function toPayload(items: readonly EditableItem[]) {
  return items.map(({ key: _key, ...item }) => item);
}

interface ItemsEditorProps {
  items: EditableItem[];
  onChange: (items: EditableItem[]) => void;
  /** Field error of `items.N.field` (and below). */
  error: (field: string) => string | undefined;
  /** A customer's map zones to pick from; null: a global template, which names zone kinds. */
  zones: readonly CustomerZone[] | null;
  /** Plans take full dates; templates days of the year (MM-DD). */
  dateFormat: 'monthDay' | 'date';
  /** An error about the list as a whole (e.g. "at least one item"). */
  listError?: string | undefined;
}

/** The items of a template or plan: service, how often, where, and notes. */
export function ItemsEditor({ items, onChange, error, zones, dateFormat, listError }: ItemsEditorProps) {
  const { t, i18n } = useTranslation('plans');
  const frequencyText = useFrequencyText();
  const catalogue = useServiceCatalogue();
  // Catalogue services by their name in the reader's language (and in English): typing or picking
  // a catalogue name links the item to that service; any other text stays free text.
  const services = useMemo(() => {
    const byName = new Map<string, string>();
    for (const service of catalogue.data ?? []) {
      byName.set(localizedName(service.names, i18n.language).toLowerCase(), service.id);
      byName.set(service.names.en.toLowerCase(), service.id);
    }
    const options = [...new Set((catalogue.data ?? []).map((service) => localizedName(service.names, i18n.language)))];
    return { byName, options };
  }, [catalogue.data, i18n.language]);
  const update = (index: number, change: Partial<EditableItem>) => onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const weekdayOptions = WEEKDAYS.map((day) => ({ value: day, label: weekdayName(day) }));
  const zoneKindLabel = (kind: ZoneKind) => t(`map:kind.${kind}`);

  return (
    <Stack gap="md">
      {items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('items.none')}
        </Text>
      )}
      {items.map((item, index) => {
        const field = (name: string) => error(`items.${index}.${name}`);
        const f = item.frequency;
        return (
          <Paper key={item.key} withBorder radius="md" p="md" data-testid="plan-item-editor">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" color="teal" circle>
                    {index + 1}
                  </Badge>
                  <Text size="sm" c="dimmed" truncate>
                    {item.service || t('items.untitled')} · {frequencyText(f)}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('items.moveUp')}>
                    <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('items.moveUp')}>
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('items.moveDown')}>
                    <ActionIcon variant="subtle" color="gray" disabled={index === items.length - 1} onClick={() => move(index, 1)} aria-label={t('items.moveDown')}>
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('items.remove')}>
                    <ActionIcon variant="subtle" color="red" onClick={() => onChange(items.filter((_, i) => i !== index))} aria-label={t('items.removeNamed', { n: index + 1 })}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Autocomplete
                label={t('items.service')}
                description={item.serviceId ? t('items.fromCatalogue') : t('items.serviceHint')}
                required
                maxLength={PLAN_LIMITS.service}
                data={services.options}
                limit={12}
                value={item.service}
                onChange={(service) => update(index, { service, serviceId: services.byName.get(service.trim().toLowerCase()) ?? null })}
                error={field('service') ?? field('serviceId')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t('items.frequency')}
                  data={PLAN_FREQUENCY_KINDS.map((kind) => ({ value: kind, label: t(`frequency.kind.${kind}`) }))}
                  value={f.kind}
                  allowDeselect={false}
                  onChange={(kind) => kind && update(index, { frequency: frequencyOfKind(kind, f) })}
                />
                {f.kind === 'once' && (
                  <NumberInput
                    label={t('frequency.week')}
                    min={1}
                    max={13}
                    value={f.week}
                    onChange={(value) => update(index, { frequency: { ...f, week: Number(value) || 1 } })}
                    error={field('frequency.week')}
                  />
                )}
                {f.kind === 'everyNWeeks' && (
                  <NumberInput
                    label={t('frequency.interval')}
                    min={2}
                    max={12}
                    value={f.interval}
                    onChange={(value) => update(index, { frequency: { ...f, interval: Number(value) || 2 } })}
                    error={field('frequency.interval')}
                  />
                )}
                {'weekday' in f && (
                  <Select
                    label={t('frequency.weekday')}
                    data={weekdayOptions}
                    value={f.weekday}
                    allowDeselect={false}
                    onChange={(weekday) => weekday && update(index, { frequency: { ...f, weekday: weekday } })}
                  />
                )}
                {f.kind === 'monthly' && (
                  <NumberInput
                    label={t('frequency.dayOfMonth')}
                    min={1}
                    max={28}
                    value={f.dayOfMonth}
                    onChange={(value) => update(index, { frequency: { ...f, dayOfMonth: Number(value) || 1 } })}
                    error={field('frequency.dayOfMonth')}
                  />
                )}
                {f.kind === 'dates' && (
                  <TagsInput
                    style={{ gridColumn: 'span 2' }}
                    label={dateFormat === 'monthDay' ? t('frequency.datesMonthDay') : t('frequency.datesFull')}
                    placeholder={dateFormat === 'monthDay' ? '04-15' : '2026-04-15'}
                    description={t('frequency.datesHint')}
                    value={f.dates}
                    maxTags={PLAN_LIMITS.dates}
                    splitChars={[',', ' ']}
                    onChange={(dates) => update(index, { frequency: { kind: 'dates', dates } })}
                    error={field('frequency.dates') ?? field('frequency')}
                  />
                )}
              </SimpleGrid>
              {zones === null ? (
                <MultiSelect
                  label={t('items.zoneKinds')}
                  description={t('items.zoneKindsHint')}
                  data={ZONE_KINDS.map((kind) => ({ value: kind, label: zoneKindLabel(kind) }))}
                  value={item.zoneKinds}
                  onChange={(value) => update(index, { zoneKinds: value })}
                  clearable
                />
              ) : (
                <MultiSelect
                  label={t('items.zones')}
                  description={zones.length === 0 ? t('items.noZones') : undefined}
                  data={zones.map((zone) => ({ value: zone.id, label: `${zone.name} · ${zoneKindLabel(zone.kind)}` }))}
                  value={item.zoneIds}
                  onChange={(value) => update(index, { zoneIds: value })}
                  disabled={zones.length === 0}
                  clearable
                  searchable
                  error={field('zoneIds')}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Textarea
                  label={t('items.description')}
                  autosize
                  minRows={2}
                  maxLength={PLAN_LIMITS.description}
                  value={item.description}
                  onChange={(event) => update(index, { description: event.currentTarget.value })}
                  error={field('description')}
                />
                <Textarea
                  label={t('items.notes')}
                  autosize
                  minRows={2}
                  maxLength={PLAN_LIMITS.notes}
                  value={item.notes}
                  onChange={(event) => update(index, { notes: event.currentTarget.value })}
                  error={field('notes')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onChange([...items, newItem()])} disabled={items.length >= PLAN_LIMITS.items}>
          {t('items.add')}
        </Button>
        {listError && (
          <Text c="red" size="sm" role="alert">
            {listError}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
