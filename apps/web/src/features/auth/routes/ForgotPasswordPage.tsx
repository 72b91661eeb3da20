import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema, type FieldErrors } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { fieldError, validate } from '../../../app/validation';
import { requestResetCode } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { ServerErrorAlert } from '../components/ServerErrorAlert';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    const checked = validate(forgotPasswordRequestSchema, { email }, t);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await requestResetCode(checked.data);
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.errors);
      setServerError(error);
    } finally {
      setSubmitting(false);
    }
  }

  const back = (
    <Anchor component={Link} to="/login" size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} aria-hidden />
      {t('forgot.back')}
    </Anchor>
  );

  if (sent) {
    return (
      <AuthCard title={t('forgot.sentTitle')}>
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('forgot.sentHint')}
        </Text>
        {back}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ServerErrorAlert error={serverError} shownFields={['email']} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('forgot.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(fieldErrors, 'email')}
            data-autofocus
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('forgot.submit')}
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}
