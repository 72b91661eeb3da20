import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordRequestSchema, type FieldErrors } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { DataProvider } from '../../../app/DataProvider';
import { fieldError, validate } from '../../../app/validation';
import { checkResetCode, resetPassword } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { PasswordStrength } from '../../../components/forms/PasswordStrength';
import { ServerErrorAlert } from '../components/ServerErrorAlert';

/** /resetPassword?email=&code=[&invite=1] — the link of the reset email and of invitations. */
/** Checks the code with a query: the data cache is provided here (the public frame has none). */
export default function ResetPasswordPage() {
  return (
    <DataProvider>
      <ResetPasswordScreen />
    </DataProvider>
  );
}

function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  // An invitation sets a first password: greet the new user instead of talking about a reset.
  const invited = params.get('invite') === '1';

  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  // A used or expired link is refused when the page opens, not after two passwords were typed.
  const linkCheck = useQuery({
    queryKey: ['auth', 'reset-code', email, code],
    queryFn: () => checkResetCode({ email, code }),
    enabled: !!email && !!code,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (email && code && linkCheck.isPending) {
    return (
      <AuthCard title={t(invited ? 'reset.inviteTitle' : 'reset.title')}>
        <Skeleton height={180} radius="md" data-testid="reset-checking" />
      </AuthCard>
    );
  }

  if (!email || !code || linkCheck.data?.valid === false) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-link-unusable">
          {!email || !code ? t('reset.incompleteLink') : t('reset.usedLink')}
        </Alert>
        <Anchor component={Link} to="/forgotPassword" size="sm">
          {t('reset.requestNew')}
        </Anchor>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    const checked = validate(resetPasswordRequestSchema, { email, code, password, confirmPassword }, t);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await resetPassword(checked.data);
      // The login form greets the user with their email filled in.
      await navigate('/login', { replace: true, state: { passwordReset: true, email } });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.errors);
      setServerError(error);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t(invited ? 'reset.inviteTitle' : 'reset.title')} subtitle={t(invited ? 'reset.inviteSubtitle' : 'reset.subtitle')}>
      <ServerErrorAlert error={serverError} shownFields={['password', 'confirmPassword']} />
      {serverError instanceof ApiError && (serverError.errors.code || serverError.errors.email) && (
        <Anchor component={Link} to="/forgotPassword" size="sm" mt={-8}>
          {t('reset.requestNew')}
        </Anchor>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput label={t('reset.email')} value={email} readOnly variant="filled" autoComplete="username" name="email" />
          <Stack gap={6}>
            <PasswordInput
              label={t('reset.password')}
              name="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldError(fieldErrors, 'password')}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
              data-autofocus
            />
            {/* One message at a time: the field's own error replaces the meter's hint. */}
            <PasswordStrength password={password} showText={!fieldError(fieldErrors, 'password')} />
          </Stack>
          <PasswordInput
            label={t('reset.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={fieldError(fieldErrors, 'confirmPassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('reset.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              {t('forgot.back')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
