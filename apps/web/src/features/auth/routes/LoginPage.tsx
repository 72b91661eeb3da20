import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Group, List, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isTwoFactorChallenge, type FieldErrors, type TwoFactorChallenge } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { homePath, safeRedirectTarget } from '../../../app/guards';
import { login } from '../../../app/session';
import { fieldError, validate } from '../../../app/validation';
import { AuthCard } from '../components/AuthCard';

const loadLoginSchema = () => import('../login-schema');

// The second step (with its QR code library) loads only for accounts that need it (decision 028).
const TwoFactorStep = lazy(() => import('../components/TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })));

/**
 * Spec §8 login failure: a 400 or above shows the server's data, or "Login or password is not
 * valid" when there is none; the spec's text is what a wrong login gets (translated).
 */
function loginFailure(error: unknown, t: (key: string) => string): string[] {
  if (!(error instanceof ApiError)) return [t('errors:api.unexpected')];
  if (error.isNetworkError) return [t('errors:api.network')];
  if (error.status === 429) return [t('errors:api.tooManyRequests')];
  if (error.status === 400 || error.status === 401) return [t('login.failed')];
  if (error.status >= 500) return [t('errors:api.server')];
  const data = error.data as { error_description?: unknown } | null;
  const description = data?.error_description;
  if (Array.isArray(description)) return description.map(String);
  if (typeof description === 'string' && description) return [description];
  return [error.message || t('login.failed')];
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTarget = safeRedirectTarget(params.get('redirect'));
  const arrival = location.state as { passwordReset?: boolean; email?: string } | null;
  const passwordWasReset = arrival?.passwordReset === true;

  // After a reset the email is filled in: only the new password is left to type.
  const [username, setUsername] = useState(typeof arrival?.email === 'string' ? arrival.email : '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const onRestart = useCallback((message?: string) => {
    setChallenge(null);
    setPassword('');
    setSubmitting(false);
    setFailure(message ? [message] : []);
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFailure([]);
    const { loginRequestSchema } = await loadLoginSchema();
    const checked = validate(loginRequestSchema, { username, password }, t);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const response = await login(checked.data);
      if (isTwoFactorChallenge(response)) {
        setChallenge(response);
        return;
      }
      await navigate(redirectTarget ?? homePath(response.user.roles), { replace: true });
    } catch (error) {
      setFailure(loginFailure(error, t));
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <AuthCard title={t('account:signIn.title')} subtitle={t('account:signIn.subtitle')}>
        <Suspense
          fallback={
            <Center py="lg">
              <Loader color="orange" type="dots" />
            </Center>
          }
        >
          <TwoFactorStep
            challenge={challenge}
            onRestart={onRestart}
            onSignedIn={({ user }) => void navigate(redirectTarget ?? homePath(user.roles), { replace: true })}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {passwordWasReset && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('reset.done')}
        </Alert>
      )}
      {redirectTarget && !failure.length && !passwordWasReset && (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('login.signInToContinue')}
        </Alert>
      )}
      {failure.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
          {failure.length === 1 ? (
            failure[0]
          ) : (
            <List size="sm">
              {failure.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadLoginSchema()} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('login.username')}
            name="username"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={fieldError(fieldErrors, 'username')}
            data-autofocus={arrival?.email ? undefined : true}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError(fieldErrors, 'password')}
            data-autofocus={arrival?.email ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
          />
          <Group justify="flex-end" mt={-4}>
            <Anchor component={Link} to="/forgotPassword" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
