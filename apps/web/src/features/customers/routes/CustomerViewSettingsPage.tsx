import { Suspense, useEffect } from 'react';
import { Anchor, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  LANGUAGES,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  updateProfileRequestSchema,
  type Language,
} from '@grove/shared';
import { customerSettingsPanels } from '../../../app/customer-panels';
import { changeLanguage } from '../../../app/i18n';
import { updateUser } from '../../../app/session-store';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { MyNotificationPreferencesCard } from '../../../components/forms/MyNotificationPreferencesCard';
import { useMyNotificationPreferencesForm } from '../../../components/forms/my-notification-preferences';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastSuccess } from '../../../components/ui/toasts';
import {
  updateMyProfile,
  useCustomer,
  useCustomerSettings,
  useMyProfile,
} from '../api/customers-api';

/** Each language in its own name, as a language picker shows it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語', de: 'Deutsch', fr: 'Français' };

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  language: Language;
}

const EMPTY_PROFILE: ProfileValues = { firstName: '', lastName: '', phone: '', language: 'en' };

/**
 * /customerView/{customerId}/settings: the signed-in user's own contact details, language and
 * notification preferences (they apply to all of their properties). Portal managers also see the
 * property's registration code to hand to residents.
 */
export default function CustomerViewSettingsPage() {
  const { customerId } = useParams();
  const profile = useMyProfile();
  const { preferences, form: notifications } = useMyNotificationPreferencesForm();
  const customer = useCustomer(customerId);
  const managesPortal = customer.data?.permissions.managePortal === true;

  const contact = useForm(EMPTY_PROFILE);
  useUnsavedChanges(contact.dirty || notifications.dirty);

  const { reset: resetContact, dirty: contactDirty } = contact;
  useEffect(() => {
    if (profile.data && !contactDirty) {
      const { firstName, lastName, phone, language } = profile.data;
      resetContact({ firstName, lastName, phone: phone ?? '', language });
    }
    // Only a new answer reloads the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data, resetContact]);

  return (
    <Stack gap="lg">
      {profile.error ? (
        <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <ContactCard form={contact} email={profile.data.email} />
      ) : (
        <Skeleton height={260} radius="md" />
      )}
      {preferences.error ? (
        <ErrorState message={preferences.error.message} onRetry={() => void preferences.refetch()} />
      ) : preferences.data ? (
        <MyNotificationPreferencesCard form={notifications} testId="my-notifications" />
      ) : (
        <Skeleton height={180} radius="md" />
      )}
      {managesPortal && customerId && <RegistrationCodeCard customerId={customerId} />}
      {customerSettingsPanels.map(({ key, Component }) => (
        <Suspense key={key} fallback={<Skeleton height={180} radius="md" />}>
          <Component />
        </Suspense>
      ))}
    </Stack>
  );
}

function ContactCard({ form, email }: { form: ReturnType<typeof useForm<ProfileValues>>; email: string }) {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({
      schema: updateProfileRequestSchema,
      payload: { ...form.values, phone: form.values.phone.trim() || null },
      send: updateMyProfile,
    });
    if (!saved) return;
    queryClient.setQueryData(['me', 'profile'], saved);
    updateUser({ firstName: saved.firstName, lastName: saved.lastName, language: saved.language });
    await changeLanguage(saved.language);
    form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '', language: saved.language });
    toastSuccess(t('mySettings.saved'));
  };
  return (
    <ContentCard title={t('mySettings.contactTitle')} data-testid="my-contact">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('mySettings.contactHint')}
          </Text>
          <FormErrorAlert message={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('mySettings.firstName')}
              value={form.values.firstName}
              onChange={(event) => form.set('firstName', event.currentTarget.value)}
              error={form.error('firstName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              autoComplete="given-name"
              required
            />
            <TextInput
              label={t('mySettings.lastName')}
              value={form.values.lastName}
              onChange={(event) => form.set('lastName', event.currentTarget.value)}
              error={form.error('lastName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              autoComplete="family-name"
              required
            />
            <TextInput label={t('mySettings.email')} value={email} readOnly variant="filled" description={t('mySettings.emailHint')} />
            <TextInput
              label={t('mySettings.phone')}
              type="tel"
              value={form.values.phone}
              onChange={(event) => form.set('phone', event.currentTarget.value)}
              error={form.error('phone')}
              maxLength={PROFILE_PHONE_MAX_LENGTH}
              autoComplete="tel"
            />
            <Select
              label={t('mySettings.language')}
              data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
              value={form.values.language}
              onChange={(value) => value && form.set('language', value)}
              allowDeselect={false}
              error={form.error('language')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}

function RegistrationCodeCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const settings = useCustomerSettings(customerId);
  if (!settings.data) return null;
  const { selfRegistrationEnabled, registrationCode } = settings.data;
  return (
    <ContentCard title={t('mySettings.registrationTitle')} data-testid="my-registration-code">
      <Stack gap="xs">
        {selfRegistrationEnabled && registrationCode ? (
          <>
            <Text size="sm">{t('mySettings.registrationText')}</Text>
            <Text fw={700} ff="monospace" size="xl">
              {registrationCode}
            </Text>
            <Anchor component={Link} to={`/resident-user-validation?code=${encodeURIComponent(registrationCode)}`} size="sm">
              {t('mySettings.registrationLink')}
            </Anchor>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('mySettings.registrationOff')}
          </Text>
        )}
      </Stack>
    </ContentCard>
  );
}
