import { useEffect, useState } from 'react';
import { Anchor, Button, Checkbox, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PORTAL_UNIT_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  RESIDENT_REGISTRATION_ROLES,
  residentRegistrationSchema,
} from '@grove/shared';
import { useSession } from '../../../app/session';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { registerResident } from '../api/registration-api';
import { PasswordStrength } from '../../../components/forms/PasswordStrength';

/** The server's rules plus spec §5 "terms acceptance required", checked before anything is sent. */
const registrationFormSchema = residentRegistrationSchema.and(z.object({ terms: z.literal(true, { message: 'terms' }) }));

type RegistrationRole = (typeof RESIDENT_REGISTRATION_ROLES)[number];

interface RegistrationValues {
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  unit: string;
  role: RegistrationRole;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

/**
 * /resident-user-validation (public): a resident registers with the property's registration code.
 * The account then waits for a property manager's approval; the resident is emailed when approved.
 */
export default function ResidentRegistrationPage() {
  const { t } = useTranslation('registration');
  const { language } = useSession();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const form = useForm<RegistrationValues>({
    code: params.get('code') ?? '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    unit: '',
    role: 'Resident',
    password: '',
    confirmPassword: '',
    terms: false,
  });
  const { values } = form;

  // A public page has no in-app dialog: closing or reloading the tab with typed data asks first.
  const unsaved = form.dirty && !done;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const sent = await form.submit({
      schema: registrationFormSchema,
      payload: { ...values, phone: values.phone.trim() || null, language },
      send: ({ terms: _terms, ...body }) => registerResident(body),
    });
    if (sent) setDone(true);
  };

  if (done) {
    return (
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} data-testid="registration-done">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="orange">
            <IconHourglassHigh size={26} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('done.title')}
          </Title>
          <Text role="status">{t('done.text')}</Text>
          <Anchor component={Link} to="/login" size="sm">
            {t('haveAccount')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  const field = (name: 'code' | 'firstName' | 'lastName' | 'email' | 'phone' | 'unit') => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.set(name, event.currentTarget.value),
    error: form.error(name),
    name,
    disabled: form.submitting,
  });

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={560}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </Stack>
        <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="registration-form">
          <Stack gap="md">
            <FormErrorAlert message={form.formError} />
            <TextInput label={t('code')} description={t('codeHint')} required maxLength={20} autoComplete="off" autoCapitalize="characters" {...field('code')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={t('firstName')} required maxLength={PROFILE_NAME_MAX_LENGTH} autoComplete="given-name" {...field('firstName')} />
              <TextInput label={t('lastName')} required maxLength={PROFILE_NAME_MAX_LENGTH} autoComplete="family-name" {...field('lastName')} />
            </SimpleGrid>
            <TextInput type="email" label={t('email')} required maxLength={254} autoComplete="email" {...field('email')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={t('unit')} description={t('unitHint')} required maxLength={PORTAL_UNIT_MAX_LENGTH} autoComplete="street-address" {...field('unit')} />
              <TextInput type="tel" label={t('phone')} maxLength={PROFILE_PHONE_MAX_LENGTH} autoComplete="tel" {...field('phone')} />
            </SimpleGrid>
            <Radio.Group label={t('role')} value={values.role} onChange={(value) => form.set('role', value)} error={form.error('role')} withAsterisk>
              <Stack gap="xs" mt="xs">
                {RESIDENT_REGISTRATION_ROLES.map((role) => (
                  <Radio key={role} value={role} label={t(`roles.${role === 'Resident' ? 'resident' : 'tenant'}`)} disabled={form.submitting} />
                ))}
              </Stack>
            </Radio.Group>
            <Stack gap={6}>
              <PasswordInput
                label={t('password.label')}
                required
                autoComplete="new-password"
                maxLength={PASSWORD_MAX_LENGTH}
                value={values.password}
                onChange={(event) => form.set('password', event.currentTarget.value)}
                error={form.error('password')}
                visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
                aria-describedby="password-strength"
                disabled={form.submitting}
                name="password"
              />
              <PasswordStrength password={values.password} id="password-strength" showText={!form.error('password')} />
            </Stack>
            <PasswordInput
              label={t('password.confirm')}
              required
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={values.confirmPassword}
              onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
              error={form.error('confirmPassword')}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
              disabled={form.submitting}
              name="confirmPassword"
            />
            <Checkbox
              label={t('terms')}
              checked={values.terms}
              onChange={(event) => form.set('terms', event.currentTarget.checked)}
              error={form.error('terms')}
              disabled={form.submitting}
              name="terms"
            />
            <Button type="submit" size="md" fullWidth loading={form.submitting} data-testid="register-submit">
              {t('submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                {t('haveAccount')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
