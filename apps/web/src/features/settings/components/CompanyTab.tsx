import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPANY_LIMITS, companySettingsWriteSchema, type CompanySettings } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCompanySettings, useSaveCompanySettings } from '../api/settings-api';

interface Values {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  taxId: string;
}

const valuesOf = (settings: CompanySettings): Values => ({
  name: settings.name,
  address: settings.addressLines.join('\n'),
  phone: settings.phone ?? '',
  email: settings.email ?? '',
  website: settings.website ?? '',
  taxId: settings.taxId ?? '',
});

/** The company's name, address and contact details on invoice PDFs: every staff member reads them, System Admin changes them. */
export function CompanyTab({ admin }: { admin: boolean }) {
  const settings = useCompanySettings();
  if (settings.isPending) return <ListSkeleton rows={4} columns={2} />;
  if (settings.error) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <CompanyForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} admin={admin} />;
}

function CompanyForm({ settings, admin }: { settings: CompanySettings; admin: boolean }) {
  const { t } = useTranslation('settings');
  const save = useSaveCompanySettings();
  const form = useForm<Values>(valuesOf(settings));
  const v = form.values;
  const submit = () =>
    void form.submit({
      schema: companySettingsWriteSchema,
      payload: {
        name: v.name,
        addressLines: v.address.split('\n').map((line) => line.trim()).filter(Boolean),
        phone: v.phone,
        email: v.email,
        website: v.website,
        taxId: v.taxId,
      },
      send: async (body) => {
        await save.mutateAsync(body);
        toastSuccess(t('company.saved'));
      },
    });
  const addressError = form.error('addressLines') ?? Object.entries(form.errors).find(([key]) => key.startsWith('addressLines.'))?.[1]?.join(' ');
  return (
    <ContentCard title={t('company.title')} data-testid="company-card">
      <Stack gap="sm" maw={640}>
        <Text size="sm" c="dimmed">
          {settings.saved ? t('company.intro') : t('company.defaults')}
        </Text>
        <FormErrorAlert message={form.formError} />
        <TextInput label={t('company.name')} value={v.name} onChange={(e) => form.set('name', e.currentTarget.value)} error={form.error('name')} maxLength={COMPANY_LIMITS.name} withAsterisk readOnly={!admin} data-testid="company-name" />
        <Textarea label={t('company.address')} description={t('company.addressHint')} value={v.address} onChange={(e) => form.set('address', e.currentTarget.value)} error={addressError} autosize minRows={2} maxRows={COMPANY_LIMITS.addressLines} readOnly={!admin} />
        <Group grow align="flex-start">
          <TextInput label={t('company.phone')} value={v.phone} onChange={(e) => form.set('phone', e.currentTarget.value)} error={form.error('phone')} maxLength={COMPANY_LIMITS.phone} readOnly={!admin} />
          <TextInput label={t('company.email')} type="email" value={v.email} onChange={(e) => form.set('email', e.currentTarget.value)} error={form.error('email')} maxLength={COMPANY_LIMITS.email} readOnly={!admin} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={t('company.website')} value={v.website} onChange={(e) => form.set('website', e.currentTarget.value)} error={form.error('website')} maxLength={COMPANY_LIMITS.website} readOnly={!admin} />
          <TextInput label={t('company.taxId')} value={v.taxId} onChange={(e) => form.set('taxId', e.currentTarget.value)} error={form.error('taxId')} maxLength={COMPANY_LIMITS.taxId} readOnly={!admin} />
        </Group>
        {admin ? (
          <Group>
            <Button onClick={submit} loading={form.submitting} data-testid="company-save">
              {t('form.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </ContentCard>
  );
}
