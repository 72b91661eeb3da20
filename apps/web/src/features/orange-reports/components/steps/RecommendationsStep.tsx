import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORANGE_REPORT_LIMITS, ORANGE_REPORT_REPORT_LIMITS, type FieldErrors, type OrangeReportDetail, type OrangeReportService } from '@grove/shared';
import { fieldError } from '../../../../app/validation';
import { useCatalogue } from '../../api/reports-api';
import { useReportLabels } from '../labels';
import type { FormPatch, WizardForm } from '../wizard-form';
import classes from '../ReportWizard.module.css';

interface StepProps {
  form: WizardForm;
  update: (patch: FormPatch) => void;
  errors: FieldErrors;
  /** The report as last saved: its prices and total are the server's. */
  report: OrangeReportDetail | null;
  /** A reviewer may correct any price. */
  reviewer: boolean;
  saving: boolean;
}

const SHOWN_RESULTS = 8;

/** Recommended services from the catalogue with a quantity; the estimate is computed by the server. */
export function RecommendationsStep({ form, update, errors, report, reviewer, saving }: StepProps) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useCatalogue(debounced);
  const all = useCatalogue('');
  const catalogue = new Map((all.data ?? []).map((service) => [service.id, service]));
  const chosen = new Set(form.lines.map((line) => line.serviceId));

  const add = (service: OrangeReportService) =>
    update((current) => ({
      lines: [
        ...current.lines,
        { serviceId: service.id, names: service.names, unit: service.unit, catalogueCents: service.unitPriceCents, quantity: 1, unitPriceCents: null, note: '' },
      ].slice(0, ORANGE_REPORT_REPORT_LIMITS.recommendations),
    }));
  const change = (index: number, patch: Partial<WizardForm['lines'][number]>) =>
    update((current) => ({ lines: current.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) }));
  const remove = (index: number) => update((current) => ({ lines: current.lines.filter((_, i) => i !== index) }));

  const serverLine = (index: number) => {
    const line = report?.recommendations[index];
    return line && line.serviceId === form.lines[index]?.serviceId ? line : undefined;
  };
  const inSync = report !== null && report.recommendations.length === form.lines.length && form.lines.every((_, i) => serverLine(i));

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('wizard.recommendationsHint')}
      </Text>
      <Stack gap={6}>
        <TextInput
          label={t('wizard.searchCatalogue')}
          placeholder={t('wizard.searchCataloguePlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
          size="md"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Stack gap={4} data-testid="orange-catalogue-results" aria-live="polite">
          {(results.data ?? []).slice(0, SHOWN_RESULTS).map((service) => {
            const added = chosen.has(service.id);
            return (
              <Button
                key={service.id}
                variant={added ? 'light' : 'default'}
                color={added ? 'teal' : undefined}
                className={classes.resultButton}
                styles={{ inner: { justifyContent: 'space-between', width: '100%' }, label: { flex: 1, minWidth: 0 } }}
                h="auto"
                py={8}
                disabled={added}
                onClick={() => add(service)}
                rightSection={added ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
                aria-label={added ? t('wizard.serviceAdded', { name: labels.service(service.names) }) : t('wizard.addService', { name: labels.service(service.names) })}
              >
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate>
                    {labels.service(service.names)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {service.unitPriceCents === null ? t('wizard.perJob') : t('wizard.pricePer', { price: labels.money(service.unitPriceCents), unit: labels.unit(service.unit) })}
                  </Text>
                </Stack>
              </Button>
            );
          })}
          {results.data && results.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('wizard.noServiceMatch')}
            </Text>
          )}
        </Stack>
      </Stack>

      <Stack gap="sm" data-testid="orange-lines">
        <Text fw={600} size="sm">
          {t('wizard.recommended', { count: form.lines.length })}
        </Text>
        {form.lines.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('wizard.noRecommendations')}
          </Text>
        )}
        {form.lines.map((line, index) => {
          const saved = serverLine(index);
          const perJob = (catalogue.get(line.serviceId)?.unitPriceCents ?? line.catalogueCents) === null && (catalogue.has(line.serviceId) || line.catalogueCents === null);
          const showPrice = reviewer || perJob;
          const name = labels.service(line.names);
          return (
            <Paper key={`${line.serviceId}-${index}`} withBorder p="sm" radius="md" data-testid="orange-line">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {saved?.unitPriceCents != null
                        ? t('wizard.pricePer', { price: labels.money(saved.unitPriceCents), unit: labels.unit(line.unit) })
                        : line.catalogueCents !== null
                          ? t('wizard.pricePer', { price: labels.money(line.catalogueCents), unit: labels.unit(line.unit) })
                          : t('wizard.perJob')}
                    </Text>
                  </Stack>
                  <ActionIcon variant="subtle" color="red" size="lg" onClick={() => remove(index)} aria-label={t('wizard.removeService', { name })}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <Group grow align="flex-start" gap="xs">
                  <NumberInput
                    label={t('wizard.quantity', { unit: labels.unit(line.unit) })}
                    size="md"
                    min={0.01}
                    max={ORANGE_REPORT_REPORT_LIMITS.maxQuantity}
                    decimalScale={2}
                    value={line.quantity}
                    onChange={(value) => change(index, { quantity: typeof value === 'number' ? value : Number(value) || 0 })}
                    error={fieldError(errors, `recommendations.${index}.quantity`)}
                  />
                  {showPrice && (
                    <NumberInput
                      label={perJob && !reviewer ? t('wizard.estimate') : t('wizard.unitPrice')}
                      size="md"
                      min={0}
                      max={ORANGE_REPORT_LIMITS.maxUnitPriceCents / 100}
                      decimalScale={2}
                      fixedDecimalScale
                      prefix="$"
                      value={line.unitPriceCents !== null ? line.unitPriceCents / 100 : saved?.unitPriceCents != null ? saved.unitPriceCents / 100 : ''}
                      onChange={(value) => change(index, { unitPriceCents: value === '' ? null : Math.round(Number(value) * 100) })}
                      error={fieldError(errors, `recommendations.${index}.unitPriceCents`)}
                    />
                  )}
                </Group>
                <Text size="sm" ta="right">
                  {t('wizard.lineTotal')}: <strong>{saved && inSync && !saving ? labels.money(saved.lineTotalCents) : '…'}</strong>
                </Text>
              </Stack>
            </Paper>
          );
        })}
        {fieldError(errors, 'recommendations') && (
          <Text size="sm" c="red.8" role="alert">
            {fieldError(errors, 'recommendations')}
          </Text>
        )}
      </Stack>

      <Group justify="space-between" data-testid="orange-total">
        <Text fw={600}>{t('wizard.estimatedTotal')}</Text>
        <Group gap={6}>
          {report?.totalIncomplete && inSync && (
            <Badge variant="light" color="gray" size="sm">
              {t('wizard.totalIncomplete')}
            </Badge>
          )}
          <Text fw={700} size="lg">
            {report && inSync && !saving ? labels.money(report.totalCents) : t('wizard.totalUpdating')}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
