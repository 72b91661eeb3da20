import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  INVITATION_TTL_DAYS,
  PORTAL_UNIT_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  emailSchema,
  portalUserCreateSchema,
  type CheckUserExistsResponse,
  type CustomerRole,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { toastSuccess } from '../../../components/ui/toasts';
import { checkUserExists, createPortalUser, portalKeys, portalLimits, usePortalCustomer } from '../api/portal-api';
import { RolePicker } from '../components/RolePicker';
import { usePortalBase } from '../components/usePortalBase';

interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: CustomerRole[];
  unit: string;
}

const EMPTY: NewUserValues = { firstName: '', lastName: '', email: '', phone: '', roles: [], unit: '' };
/** Typing pauses this long before the email is looked up. */
const CHECK_DELAY_MS = 600;

/**
 * Looks the email up while it is typed (after a pause) and when the field is left: an existing
 * account is linked instead of a new one being made.
 */
function useExistingAccount(email: string, customerId: string) {
  const [result, setResult] = useState<{ email: string; answer: CheckUserExistsResponse } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const check = (value: string) => {
    const trimmed = value.trim();
    if (!emailSchema.safeParse(trimmed).success) {
      setResult(null);
      return;
    }
    if (result?.email === trimmed.toLowerCase()) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    checkUserExists(trimmed, customerId, current.signal)
      .then((answer) => {
        if (!current.signal.aborted) setResult({ email: trimmed.toLowerCase(), answer });
      })
      .catch(() => {
        // Only a hint: the server links existing accounts either way.
      });
  };
  useEffect(() => {
    const timer = setTimeout(() => check(email), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // Re-check only when the email changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [email]);
  useEffect(() => () => controller.current?.abort(), []);
  const current = result && result.email === email.trim().toLowerCase() ? result.answer : null;
  return { existing: current, check };
}

/** …/manage-portal-access/newUser: invite a portal user (or link the account the email already has). */
export default function NewPortalUserPage() {
  const { t } = useTranslation('portalAccess');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paths = usePortalBase();
  const customer = usePortalCustomer(paths.customerId);
  const limits = portalLimits(customer.data);
  const form = useForm(EMPTY);
  const { allowLeave } = useUnsavedChanges(form.dirty);
  const { existing, check } = useExistingAccount(form.values.email, paths.customerId);
  const { values } = form;

  // Only those who manage this property's portal users get the form (issue 9 §6).
  if (customer.data && !limits.allowed) {
    return (
      <ContentCard data-testid="portal-not-allowed">
        <EmptyState icon={<IconLock size={28} aria-hidden />} title={t('notAllowed.title')} description={t('notAllowed.text')} />
      </ContentCard>
    );
  }

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const created = await form.submit({
      schema: portalUserCreateSchema,
      payload: { ...values, phone: values.phone.trim() || null, unit: values.unit.trim() || null },
      send: (body) => createPortalUser(paths.customerId, body),
    });
    if (!created) return;
    void queryClient.invalidateQueries({ queryKey: portalKeys.all(paths.customerId) });
    toastSuccess(created.linkedExisting ? t('newUser.linked', { email: created.email }) : t('newUser.invited', { email: created.email, days: INVITATION_TTL_DAYS }));
    allowLeave();
    await navigate(paths.list);
  };

  return (
    <ContentCard title={t('newUser.title')} data-testid="new-portal-user-form">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md" maw={760}>
          <FormErrorAlert message={form.formError} />
          <TextInput
            type="email"
            label={t('form.email')}
            description={t('newUser.emailHint', { days: INVITATION_TTL_DAYS })}
            value={values.email}
            onChange={(event) => form.set('email', event.currentTarget.value)}
            onBlur={(event) => check(event.currentTarget.value)}
            error={form.error('email')}
            autoComplete="off"
            required
            maxLength={254}
            data-autofocus
            name="email"
          />
          {existing?.linkedToCustomer ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" data-testid="already-linked">
              {t('newUser.alreadyLinked')}
            </Alert>
          ) : existing?.exists ? (
            <Alert color="blue" icon={<IconLink size={18} aria-hidden />} role="status" data-testid="existing-account">
              {t('newUser.existing')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('form.firstName')}
              value={values.firstName}
              onChange={(event) => form.set('firstName', event.currentTarget.value)}
              error={form.error('firstName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              autoComplete="off"
              required
              name="firstName"
            />
            <TextInput
              label={t('form.lastName')}
              value={values.lastName}
              onChange={(event) => form.set('lastName', event.currentTarget.value)}
              error={form.error('lastName')}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              autoComplete="off"
              required
              name="lastName"
            />
            <TextInput
              type="tel"
              label={t('form.phone')}
              value={values.phone}
              onChange={(event) => form.set('phone', event.currentTarget.value)}
              error={form.error('phone')}
              maxLength={PROFILE_PHONE_MAX_LENGTH}
              autoComplete="off"
              name="phone"
            />
            <TextInput
              label={t('form.unit')}
              description={t('form.unitHint')}
              value={values.unit}
              onChange={(event) => form.set('unit', event.currentTarget.value)}
              error={form.error('unit')}
              maxLength={PORTAL_UNIT_MAX_LENGTH}
              autoComplete="off"
              name="unit"
            />
          </SimpleGrid>
          {limits.boardOnly && (
            <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="board-limit">
              {t('boardLimit')}
            </Alert>
          )}
          <RolePicker
            value={values.roles}
            onChange={(roles) => form.set('roles', roles)}
            error={form.error('roles')}
            disabled={form.submitting}
            locked={limits.boardOnly ? ['Property Manager'] : []}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(paths.list)} disabled={form.submitting}>
              {t('forms:cancel')}
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="invite-submit">
              {existing?.exists ? t('newUser.submitLink') : t('newUser.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}
