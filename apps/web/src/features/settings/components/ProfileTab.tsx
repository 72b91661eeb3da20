import { useEffect, useState } from 'react';
import { Autocomplete, Avatar, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  PROFILE_TITLE_MAX_LENGTH,
  hasStaffRole,
  updateProfileRequestSchema,
  type Language,
} from '@grove/shared';
import { changeLanguage } from '../../../app/i18n';
import { useSession } from '../../../app/session';
import { updateUser } from '../../../app/session-store';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { LANGUAGE_NATIVE_NAMES } from '../../../components/layout/language-names';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useProfile, useSaveProfile } from '../api/account-api';

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  title: string;
  language: Language;
  timeZone: string;
  photoFileId: string | null;
}

/** Every IANA zone the browser knows (a short list on old browsers). */
const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/Berlin'];
  }
})();

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The signed-in person's own name, contact details, language and time zone. */
export function ProfileTab() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const save = useSaveProfile();
  const { roles } = useSession();
  const staff = hasStaffRole(roles);
  const form = useForm<ProfileValues>({ firstName: '', lastName: '', phone: '', title: '', language: 'en', timeZone: '', photoFileId: null });
  const photoUrl = useAuthedFileUrl(form.values.photoFileId);
  const [uploadKey, setUploadKey] = useState(0);
  useUnsavedChanges(form.dirty);
  const { reset } = form;

  useEffect(() => {
    if (!profile.data) return;
    const p = profile.data;
    reset({ firstName: p.firstName, lastName: p.lastName, phone: p.phone ?? '', title: p.title ?? '', language: p.language, timeZone: p.timeZone ?? '', photoFileId: p.photoFileId ?? null });
  }, [profile.data, reset]);

  if (profile.error) return <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <ListSkeleton rows={4} />;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const saved = await form.submit({
      schema: updateProfileRequestSchema,
      payload: { ...values, timeZone: values.timeZone.trim() || null, photoFileId: staff ? values.photoFileId : undefined },
      send: (body) => save.mutateAsync(body),
    });
    if (!saved) return;
    updateUser({ firstName: saved.firstName, lastName: saved.lastName, language: saved.language, timeZone: saved.timeZone });
    await changeLanguage(saved.language);
    reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '', title: saved.title ?? '', language: saved.language, timeZone: saved.timeZone ?? '', photoFileId: saved.photoFileId ?? null });
    setUploadKey((key) => key + 1);
    toastSuccess(t('profile.saved'));
  };

  return (
    <ContentCard title={t('profile.title')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="profile-form">
        <Stack gap="md">
          <FormErrorAlert message={form.formError} />
          {staff && (
            <Stack gap="xs" data-testid="profile-photo">
              <Text size="sm" fw={500}>
                {t('profile.photo')}
              </Text>
              <Group gap="sm">
                <Avatar src={photoUrl} name={`${form.values.firstName} ${form.values.lastName}`} color="initials" radius="xl" size={64} alt="" />
                {form.values.photoFileId && (
                  <Button variant="subtle" color="red" size="xs" onClick={() => form.set('photoFileId', null)}>
                    {t('profile.removePhoto')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('profile.photoHint')}
              </Text>
              <FileUpload
                key={uploadKey}
                kind="photo"
                multiple={false}
                onChange={(files) => {
                  const uploaded = files.at(-1);
                  if (uploaded) form.set('photoFileId', uploaded.id);
                }}
              />
              {form.error('photoFileId') && (
                <Text size="xs" c="red">
                  {form.error('photoFileId')}
                </Text>
              )}
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.firstName')}
              name="firstName"
              autoComplete="given-name"
              value={form.values.firstName}
              onChange={(event) => form.set('firstName', event.currentTarget.value)}
              error={form.error('firstName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              required
            />
            <TextInput
              label={t('profile.lastName')}
              name="lastName"
              autoComplete="family-name"
              value={form.values.lastName}
              onChange={(event) => form.set('lastName', event.currentTarget.value)}
              error={form.error('lastName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              required
            />
            <TextInput label={t('profile.email')} value={profile.data.email} readOnly description={t('profile.emailHint')} />
            <TextInput
              label={t('profile.phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              value={form.values.phone}
              onChange={(event) => form.set('phone', event.currentTarget.value)}
              error={form.error('phone')}
              maxLength={PROFILE_PHONE_MAX_LENGTH}
            />
            <TextInput
              label={t('profile.jobTitle')}
              name="title"
              autoComplete="organization-title"
              value={form.values.title}
              onChange={(event) => form.set('title', event.currentTarget.value)}
              error={form.error('title')}
              maxLength={PROFILE_TITLE_MAX_LENGTH}
            />
            <Select
              label={t('profile.language')}
              data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NATIVE_NAMES[value] }))}
              value={form.values.language}
              onChange={(value) => value && form.set('language', value)}
              allowDeselect={false}
              error={form.error('language')}
            />
            <Autocomplete
              label={t('profile.timeZone')}
              description={t('profile.timeZoneHint', { zone: browserZone() })}
              name="timeZone"
              data={ZONES}
              limit={30}
              value={form.values.timeZone}
              onChange={(value) => form.set('timeZone', value)}
              error={form.error('timeZone')}
              placeholder={browserZone()}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}
