import { useMemo } from 'react';
import { Avatar, Button, Chip, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_LIMITS, CUSTOMER_STATUSES, CUSTOMER_TYPES, SERVICE_DAYS, type CustomerEditRight } from '@grove/shared';
import { intlLocale } from '../../../app/format';
import { useSession } from '../../../app/session';
import type { FormState } from '../../../components/forms/useForm';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { FileUpload } from '../../../components/upload';
import { useBranches, useRegions } from '../../../entities/branches';
import { useStaffPicker } from '../../../entities/employees';
import { canEditField, type CustomerField, type CustomerFormValues, type ServiceDay } from './customer-form-values';
import { DateField } from '../../../components/forms/DateField';

interface CustomerFieldsProps {
  form: FormState<CustomerFormValues>;
  right: CustomerEditRight;
  /** Existing customers: their id scopes photo uploads and shows the stored photo. */
  customerId?: string;
}

/** Weekday names in the user's language, Monday first (2024-01-01 was a Monday). */
function useWeekdays() {
  const { language } = useSession();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short' });
    return SERVICE_DAYS.map((day, index) => ({ day, label: format.format(new Date(2024, 0, 1 + index)) }));
  }, [language]);
}

/** Every field of a customer, grouped; fields the right does not cover are disabled. */
export function CustomerFields({ form, right, customerId }: CustomerFieldsProps) {
  const { t } = useTranslation('customers');
  const regions = useRegions();
  const branches = useBranches();
  const staff = useStaffPicker({ selectedId: form.values.accountManagerId });
  const weekdays = useWeekdays();
  const photoUrl = useAuthedFileUrl(form.values.photoFileId);
  const { values } = form;
  const off = (field: CustomerField) => !canEditField(right, field) || form.submitting;

  const text = (field: CustomerField  , max: number, options: { required?: boolean; autoComplete?: string } = {}) => ({
    label: t(`form.${field}`),
    value: String(values[field] ?? ''),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.set(field, event.currentTarget.value),
    error: form.error(field),
    disabled: off(field),
    maxLength: max,
    required: options.required,
    autoComplete: options.autoComplete,
    name: field,
  });

  const day = (field: 'contractStart' | 'contractEnd') => ({
    label: t(`form.${field}`),
    value: values[field] ?? '',
    onChange: (value: string) => form.set(field, value),
    error: form.error(field),
    disabled: off(field),
    name: field,
  });

  const branchOptions = (branches.data ?? [])
    .filter((branch) => !values.regionId || branch.regionId === values.regionId)
    .map((branch) => ({ value: branch.id, label: branch.name }));

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Divider label={t('form.sections.customer')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...text('name', CUSTOMER_LIMITS.name, { required: true, autoComplete: 'organization' })} data-autofocus />
          <TextInput {...text('accountNumber', CUSTOMER_LIMITS.accountNumber, { required: true, autoComplete: 'off' })} />
          <Select
            label={t('form.type')}
            data={CUSTOMER_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            value={values.type}
            onChange={(value) => value && form.set('type', value)}
            allowDeselect={false}
            disabled={off('type')}
            error={form.error('type')}
          />
          <Select
            label={t('form.status')}
            data={CUSTOMER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={values.status}
            onChange={(value) => value && form.set('status', value)}
            allowDeselect={false}
            disabled={off('status')}
            error={form.error('status')}
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Divider label={t('form.sections.address')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...text('addressLine1', CUSTOMER_LIMITS.addressLine, { required: true, autoComplete: 'address-line1' })} />
          <TextInput {...text('addressLine2', CUSTOMER_LIMITS.addressLine, { autoComplete: 'address-line2' })} />
          <TextInput {...text('city', CUSTOMER_LIMITS.city, { required: true, autoComplete: 'address-level2' })} />
          <SimpleGrid cols={2} spacing="md">
            <TextInput {...text('state', CUSTOMER_LIMITS.state, { required: true, autoComplete: 'address-level1' })} />
            <TextInput {...text('postalCode', CUSTOMER_LIMITS.postalCode, { required: true, autoComplete: 'postal-code' })} />
          </SimpleGrid>
          <NumberInput
            label={t('form.latitude')}
            description={t('form.coordinatesHint')}
            value={values.latitude}
            onChange={(value) => form.set('latitude', value)}
            min={-90}
            max={90}
            decimalScale={7}
            hideControls
            disabled={off('latitude')}
            error={form.error('latitude')}
            name="latitude"
          />
          <NumberInput
            label={t('form.longitude')}
            description={t('form.coordinatesHint')}
            value={values.longitude}
            onChange={(value) => form.set('longitude', value)}
            min={-180}
            max={180}
            decimalScale={7}
            hideControls
            disabled={off('longitude')}
            error={form.error('longitude')}
            name="longitude"
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Divider label={t('form.sections.assignment')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={t('form.region')}
            required
            data={(regions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
            value={values.regionId}
            onChange={(value) => {
              form.set('regionId', value);
              const branch = branches.data?.find((candidate) => candidate.id === values.branchId);
              if (branch && branch.regionId !== value) form.set('branchId', null);
            }}
            disabled={off('regionId')}
            error={form.error('regionId')}
            name="regionId"
          />
          <Select
            label={t('form.branch')}
            required
            data={branchOptions}
            value={values.branchId}
            onChange={(value) => {
              form.set('branchId', value);
              const branch = branches.data?.find((candidate) => candidate.id === value);
              if (branch) form.set('regionId', branch.regionId);
            }}
            disabled={off('branchId')}
            error={form.error('branchId')}
            name="branchId"
          />
          <Select
            label={t('form.accountManager')}
            placeholder={t('noManager')}
            {...staff.select}
            value={values.accountManagerId}
            onChange={(value) => form.set('accountManagerId', value)}
            clearable
            nothingFoundMessage={t('form.nobodyFound')}
            disabled={off('accountManagerId')}
            error={form.error('accountManagerId')}
            name="accountManagerId"
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Divider label={t('form.sections.contract')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateField {...day('contractStart')} />
          <DateField {...day('contractEnd')} min={values.contractStart} clearable />
          <NumberInput
            label={t('form.propertySizeAcres')}
            value={values.propertySizeAcres}
            onChange={(value) => form.set('propertySizeAcres', value)}
            min={0}
            max={CUSTOMER_LIMITS.propertySizeAcres}
            decimalScale={2}
            disabled={off('propertySizeAcres')}
            error={form.error('propertySizeAcres')}
            name="propertySizeAcres"
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="service-days-label">
            {t('form.serviceDays')}
          </Text>
          <Chip.Group multiple value={values.serviceDays} onChange={(days) => form.set('serviceDays', SERVICE_DAYS.filter<ServiceDay>((day): day is ServiceDay => days.includes(day)))}>
            <Group gap={6} role="group" aria-labelledby="service-days-label">
              {weekdays.map(({ day, label }) => (
                <Chip key={day} value={day} size="sm" disabled={off('serviceDays')}>
                  {label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.error('serviceDays') && (
            <Text size="xs" c="red">
              {form.error('serviceDays')}
            </Text>
          )}
        </Stack>
      </Stack>

      <Stack gap="sm">
        <Divider label={t('form.sections.notes')} labelPosition="left" />
        <Textarea {...text('notes', CUSTOMER_LIMITS.notes)} description={t('form.notesHint')} autosize minRows={3} maxRows={10} />
        {!off('photoFileId') || values.photoFileId ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('form.photo')}
            </Text>
            {values.photoFileId && (
              <Group gap="sm">
                <Avatar src={photoUrl} radius="md" size={72} alt={t('form.photo')} />
                {!off('photoFileId') && (
                  <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => form.set('photoFileId', null)}>
                    {t('form.removePhoto')}
                  </Button>
                )}
              </Group>
            )}
            {!off('photoFileId') && (
              <FileUpload
                kind="photo"
                customerId={customerId}
                multiple={false}
                onChange={(files) => {
                  const uploaded = files.at(-1);
                  if (uploaded) form.set('photoFileId', uploaded.id);
                }}
              />
            )}
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}
