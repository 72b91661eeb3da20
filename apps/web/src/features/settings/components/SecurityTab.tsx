import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, PasswordInput, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordRequestSchema, PASSWORD_MAX_LENGTH, type TotpSetup, type UserSession } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { logout } from '../../../app/session';
import { RecoveryCodes } from '../../../components/account/RecoveryCodes';
import { TotpEnrolment } from '../../../components/account/TotpEnrolment';
import { secondFactorError } from '../../../components/account/code-errors';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { PasswordStrength } from '../../../components/forms/PasswordStrength';
import { useForm } from '../../../components/forms/useForm';
import { ContentCard } from '../../../components/ui/ContentCard';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import {
  changePassword,
  useMySessions,
  useSaveSignInPolicy,
  useSessionMutations,
  useSignInPolicy,
  useTwoFactorMutations,
  useTwoFactorStatus,
} from '../api/account-api';

/** Password, two-factor sign-in, live sessions and (System Admin) the company sign-in policy. */
export function SecurityTab({ admin }: { admin: boolean }) {
  return (
    <Stack gap="lg">
      <PasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      {admin && <SignInPolicyCard />}
    </Stack>
  );
}

function PasswordCard() {
  const { t } = useTranslation('account');
  const form = useForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const done = await form.submit({ schema: changePasswordRequestSchema, send: changePassword });
    if (!done) return;
    form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
    toastSuccess(t('password.changed'));
  };
  return (
    <ContentCard title={t('password.title')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="password-form">
        <Stack gap="md" maw={480}>
          <Text size="sm" c="dimmed">
            {t('password.explain')}
          </Text>
          <FormErrorAlert message={form.formError} />
          <PasswordInput
            label={t('password.current')}
            name="currentPassword"
            autoComplete="current-password"
            value={form.values.currentPassword}
            onChange={(event) => form.set('currentPassword', event.currentTarget.value)}
            error={form.error('currentPassword')}
            maxLength={PASSWORD_MAX_LENGTH}
            required
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('password.new')}
              name="newPassword"
              autoComplete="new-password"
              value={form.values.newPassword}
              onChange={(event) => form.set('newPassword', event.currentTarget.value)}
              error={form.error('newPassword')}
              maxLength={PASSWORD_MAX_LENGTH}
              required
            />
            <PasswordStrength password={form.values.newPassword} showText={!form.error('newPassword')} />
          </Stack>
          <PasswordInput
            label={t('password.confirm')}
            name="confirmPassword"
            autoComplete="new-password"
            value={form.values.confirmPassword}
            onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
            error={form.error('confirmPassword')}
            maxLength={PASSWORD_MAX_LENGTH}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}

type Dialog = { kind: 'setup'; setup: TotpSetup } | { kind: 'codes'; codes: string[] } | { kind: 'newCodes' } | { kind: 'disable' } | null;

function TwoFactorCard() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const status = useTwoFactorStatus();
  const { setup, confirm, newRecoveryCodes, disable } = useTwoFactorMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const close = () => {
    setDialog(null);
    setError(null);
    setInput('');
  };

  const start = async () => {
    try {
      setDialog({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (failure) {
      toastError(secondFactorError(failure, t).text);
    }
  };
  const onConfirm = async (code: string) => {
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync(code);
      setDialog({ kind: 'codes', codes: recoveryCodes });
      toastSuccess(t('twoFactor.enabled'));
    } catch (failure) {
      setError(secondFactorError(failure, t).text);
    }
  };
  const onNewCodes = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { recoveryCodes } = await newRecoveryCodes.mutateAsync(input.trim());
      setInput('');
      setDialog({ kind: 'codes', codes: recoveryCodes });
    } catch (failure) {
      setError(secondFactorError(failure, t).text);
    }
  };
  const onDisable = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await disable.mutateAsync(input);
      close();
      toastSuccess(t('twoFactor.disabled'));
    } catch {
      setError(t('twoFactor.disableFailed'));
    }
  };

  let body;
  if (status.error) body = <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />;
  else if (!status.data) body = <ListSkeleton rows={2} />;
  else {
    const s = status.data;
    body = (
      <Stack gap="sm" data-testid="two-factor-card">
        <Group gap="sm">
          <Badge color={s.enabled ? 'teal' : 'gray'} variant="light" leftSection={s.enabled ? <IconShieldCheck size={14} aria-hidden /> : null}>
            {s.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
          {s.required && <Badge color="orange" variant="light">{t('twoFactor.requiredBadge')}</Badge>}
        </Group>
        <Text size="sm">{s.enabled ? t('twoFactor.onText', { date: format.date(s.enabledAt) }) : t('twoFactor.offText')}</Text>
        {s.enabled && (
          <Text size="sm" c={s.recoveryCodesLeft <= 2 ? 'red' : 'dimmed'}>
            {t('twoFactor.codesLeft', { count: s.recoveryCodesLeft })}
          </Text>
        )}
        <Group gap="sm">
          {!s.enabled && (
            <Button onClick={() => void start()} loading={setup.isPending}>
              {t('twoFactor.setUp')}
            </Button>
          )}
          {s.enabled && (
            <Button variant="default" onClick={() => setDialog({ kind: 'newCodes' })}>
              {t('twoFactor.newCodes')}
            </Button>
          )}
          {s.enabled && !s.required && (
            <Button variant="subtle" color="red" onClick={() => setDialog({ kind: 'disable' })}>
              {t('twoFactor.turnOff')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const titles = { setup: t('twoFactor.setUpTitle'), codes: t('recovery.title'), newCodes: t('twoFactor.newCodes'), disable: t('twoFactor.turnOff') };
  return (
    <ContentCard title={t('twoFactor.title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('twoFactor.explain')}
      </Text>
      {body}
      <Modal opened={dialog !== null} onClose={close} title={dialog ? titles[dialog.kind] : ''} size="md" closeOnClickOutside={dialog?.kind !== 'codes'}>
        {dialog?.kind === 'setup' && <TotpEnrolment setup={dialog.setup} onConfirm={(code) => void onConfirm(code)} submitting={confirm.isPending} error={error} onCancel={close} />}
        {dialog?.kind === 'codes' && <RecoveryCodes codes={dialog.codes} doneLabel={t('recovery.done')} onDone={close} />}
        {dialog?.kind === 'newCodes' && (
          <form onSubmit={(event) => void onNewCodes(event)} noValidate>
            <Stack gap="md">
              <Text size="sm">{t('twoFactor.newCodesExplain')}</Text>
              {error && <Alert color="red" role="alert">{error}</Alert>}
              <TextInput label={t('signIn.code')} autoComplete="one-time-code" value={input} onChange={(e) => setInput(e.currentTarget.value)} required data-autofocus />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>{t('actions.cancel')}</Button>
                <Button type="submit" loading={newRecoveryCodes.isPending}>{t('twoFactor.newCodes')}</Button>
              </Group>
            </Stack>
          </form>
        )}
        {dialog?.kind === 'disable' && (
          <form onSubmit={(event) => void onDisable(event)} noValidate>
            <Stack gap="md">
              <Text size="sm">{t('twoFactor.turnOffExplain')}</Text>
              {error && <Alert color="red" role="alert">{error}</Alert>}
              <PasswordInput label={t('password.current')} autoComplete="current-password" value={input} onChange={(e) => setInput(e.currentTarget.value)} required data-autofocus />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>{t('actions.cancel')}</Button>
                <Button type="submit" color="red" loading={disable.isPending}>{t('twoFactor.turnOff')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </ContentCard>
  );
}

/** A readable device name from a user agent: browser and system, no more. */
export function describeDevice(userAgent: string | null): { browser: string | null; system: string | null; mobile: boolean } {
  if (!userAgent) return { browser: null, system: null, mobile: false };
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return { browser, system, mobile: /Mobile|iPhone|Android/.test(userAgent) };
}

function SessionsCard() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const sessions = useMySessions();
  const { revoke, signOutEverywhere } = useSessionMutations();
  const confirm = useConfirm();

  const onRevoke = async (session: UserSession) => {
    if (!(await confirm({ title: t('sessions.revokeTitle'), message: t('sessions.revokeQuestion'), confirmLabel: t('sessions.revoke') }))) return;
    try {
      await revoke.mutateAsync(session.id);
      toastSuccess(t('sessions.revoked'));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('errors:api.unexpected'));
    }
  };
  const onEverywhere = async () => {
    if (!(await confirm({ title: t('sessions.everywhereTitle'), message: t('sessions.everywhereQuestion'), confirmLabel: t('sessions.everywhere') }))) return;
    try {
      await signOutEverywhere.mutateAsync();
    } finally {
      await logout();
    }
  };

  let body;
  if (sessions.error) body = <ErrorState message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  else if (!sessions.data) body = <ListSkeleton rows={3} />;
  else
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" data-testid="sessions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.device')}</Table.Th>
              <Table.Th>{t('sessions.ip')}</Table.Th>
              <Table.Th>{t('sessions.lastSeen')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => {
              const device = describeDevice(session.userAgent);
              const name = device.browser && device.system ? t('sessions.browserOn', { browser: device.browser, system: device.system }) : (device.browser ?? device.system ?? t('sessions.unknownDevice'));
              return (
                <Table.Tr key={session.id} data-testid="session-row" data-current={session.current || undefined}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      {device.mobile ? (
                        <IconDeviceMobile size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                      ) : (
                        <IconDeviceDesktop size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                      )}
                      <Stack gap={2} align="flex-start">
                        <Text size="sm" fw={500} title={session.userAgent ?? undefined}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('sessions.signedIn', { date: format.dateTime(session.createdAt) })}
                        </Text>
                        {session.current && (
                          <Badge color="teal" variant="light">
                            {t('sessions.current')}
                          </Badge>
                        )}
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>{session.ip ?? '—'}</Table.Td>
                  <Table.Td>{format.dateTime(session.lastSeenAt)}</Table.Td>
                  <Table.Td ta="right">
                    {!session.current && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => void onRevoke(session)} aria-label={t('sessions.revokeNamed', { name })}>
                        {t('sessions.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <ContentCard
      title={t('sessions.title')}
      actions={
        <Button variant="light" color="red" size="xs" onClick={() => void onEverywhere()} loading={signOutEverywhere.isPending}>
          {t('sessions.everywhere')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('sessions.explain')}
      </Text>
      {body}
    </ContentCard>
  );
}

function SignInPolicyCard() {
  const { t } = useTranslation('account');
  const policy = useSignInPolicy();
  const save = useSaveSignInPolicy();
  return (
    <ContentCard title={t('policy.title')}>
      {policy.error ? (
        <ErrorState message={policy.error.message} onRetry={() => void policy.refetch()} />
      ) : !policy.data ? (
        <ListSkeleton rows={1} />
      ) : (
        <Switch
          data-testid="require-staff-2fa"
          label={t('policy.requireStaff')}
          description={t('policy.requireStaffHint')}
          checked={policy.data.requireStaffTwoFactor}
          disabled={save.isPending}
          onChange={(event) => {
            const requireStaffTwoFactor = event.currentTarget.checked;
            save.mutate(
              { requireStaffTwoFactor },
              {
                onSuccess: () => toastSuccess(t('policy.saved')),
                onError: (failure) => toastError(failure.message),
              },
            );
          }}
        />
      )}
    </ContentCard>
  );
}
