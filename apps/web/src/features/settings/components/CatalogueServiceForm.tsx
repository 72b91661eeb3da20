import { Divider, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  ORANGE_REPORT_LIMITS,
  ORANGE_SERVICE_CATEGORIES,
  ORANGE_SERVICE_UNITS,
  localizedName,
  orangeReportServiceCreateSchema,
  orangeReportServiceUpdateSchema,
  type Language,
  type OrangeReportService,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { LANGUAGE_NATIVE_NAMES } from '../../../components/layout/language-names';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCatalogueMutations } from '../api/settings-api';
import { FormButtons } from './FormButtons';

interface Values {
  names: Record<Language, string>;
  description: string;
  category: string | null;
  unit: string | null;
  /** Dollars as typed; empty = priced per job. */
  price: number | string;
}

const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en');

/** Cents from a dollar amount typed with at most two decimals. */
export function centsOf(price: number | string): number | null {
  if (price === '' || price === null) return null;
  const value = typeof price === 'number' ? price : Number(price);
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** Add or change a catalogue service: a name per language (English required), category, unit and price. */
export function CatalogueServiceForm({ service, onDone }: { service: OrangeReportService | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('orangeReports');
  const { createService, updateService } = useCatalogueMutations();
  const form = useForm<Values>({
    names: Object.fromEntries(LANGUAGES.map((lang) => [lang, service?.names[lang] ?? ''])) as Record<Language, string>,
    description: service?.description ?? '',
    category: service?.category ?? null,
    unit: service?.unit ?? null,
    price: service?.unitPriceCents == null ? '' : service.unitPriceCents / 100,
  });
  const { values } = form;
  const setName = (lang: Language, value: string) => form.set('names', { ...values.names, [lang]: value });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      names: values.names,
      description: values.description,
      category: values.category ?? undefined,
      unit: values.unit ?? undefined,
      unitPriceCents: centsOf(values.price),
    };
    const saved = service
      ? await form.submit({ schema: orangeReportServiceUpdateSchema, payload, send: (body) => updateService.mutateAsync({ id: service.id, body }) })
      : await form.submit({ schema: orangeReportServiceCreateSchema, payload, required: ['category', 'unit'], send: (body) => createService.mutateAsync(body) });
    if (!saved) return;
    toastSuccess(t('catalogue.saved', { name: localizedName(saved.names, i18n.language) }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="service-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label={t('catalogue.nameIn', { language: LANGUAGE_NATIVE_NAMES.en })}
          name="names.en"
          value={values.names.en}
          onChange={(event) => setName('en', event.currentTarget.value)}
          error={form.error('names.en')}
          maxLength={ORANGE_REPORT_LIMITS.serviceName}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('catalogue.category')}
            name="category"
            data={ORANGE_SERVICE_CATEGORIES.map((value) => ({ value, label: t(`serviceCategories.${value}`) }))}
            value={values.category}
            onChange={(value) => form.set('category', value)}
            error={form.error('category')}
            required
            allowDeselect={false}
          />
          <Select
            label={t('catalogue.unit')}
            name="unit"
            data={ORANGE_SERVICE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
            value={values.unit}
            onChange={(value) => form.set('unit', value)}
            error={form.error('unit')}
            required
            allowDeselect={false}
          />
        </SimpleGrid>
        <NumberInput
          label={t('catalogue.unitPrice')}
          description={t('catalogue.unitPriceHint')}
          name="unitPriceCents"
          value={values.price}
          onChange={(value) => form.set('price', value)}
          error={form.error('unitPriceCents')}
          min={0}
          max={ORANGE_REPORT_LIMITS.maxUnitPriceCents / 100}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          prefix="$"
          hideControls
        />
        <Textarea
          label={t('catalogue.description')}
          name="description"
          value={values.description}
          onChange={(event) => form.set('description', event.currentTarget.value)}
          error={form.error('description')}
          maxLength={ORANGE_REPORT_LIMITS.serviceDescription}
          autosize
          minRows={2}
          maxRows={5}
        />
        <Divider label={t('catalogue.translations')} labelPosition="left" />
        <Text size="xs" c="dimmed" mt={-8}>
          {t('catalogue.translationsHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {OTHER_LANGUAGES.map((lang) => (
            <TextInput
              key={lang}
              label={t('catalogue.nameIn', { language: LANGUAGE_NATIVE_NAMES[lang] })}
              name={`names.${lang}`}
              lang={lang}
              value={values.names[lang]}
              placeholder={values.names.en}
              onChange={(event) => setName(lang, event.currentTarget.value)}
              error={form.error(`names.${lang}`)}
              maxLength={ORANGE_REPORT_LIMITS.serviceName}
            />
          ))}
        </SimpleGrid>
        <FormButtons submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
