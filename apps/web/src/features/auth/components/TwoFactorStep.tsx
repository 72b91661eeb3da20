import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EnrolledTokenResponse, TotpSetup, TwoFactorChallenge } from '@grove/shared';
import { RecoveryCodes } from '../../../components/account/RecoveryCodes';
import { TotpEnrolment } from '../../../components/account/TotpEnrolment';
import { secondFactorError } from '../../../components/account/code-errors';
import { completeTwoFactor, startSignInEnrolment } from '../../../app/session';

/**
 * The sign-in step after a right password (decision 025): a code from the authenticator app or a
 * recovery code; or, when the policy requires it and the account has none, setting up the app.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (response: EnrolledTokenResponse) => void;
  /** Back to the password (cancel, or the challenge expired). */
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolledTokenResponse | null>(null);

  useEffect(() => {
    if (challenge.twoFactor !== 'enrol') return;
    let live = true;
    startSignInEnrolment(challenge.challenge).then(
      (answer) => live && setSetup(answer),
      (failure: unknown) => {
        if (!live) return;
        const { text, expired } = secondFactorError(failure, t);
        if (expired) onRestart(text);
        else setError(text);
      },
    );
    return () => {
      live = false;
    };
  }, [challenge, onRestart, t]);

  async function send(value: string) {
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const response = await completeTwoFactor(challenge.challenge, value);
      if (response.recoveryCodes?.length) setEnrolled(response);
      else onSignedIn(response);
    } catch (failure) {
      const { text, expired } = secondFactorError(failure, t);
      if (expired) onRestart(text);
      else setError(text);
      setSubmitting(false);
    }
  }

  const restart = (
    <Group justify="center">
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
        {t('signIn.back')}
      </Anchor>
    </Group>
  );

  if (enrolled) {
    return <RecoveryCodes codes={enrolled.recoveryCodes ?? []} doneLabel={t('signIn.continue')} onDone={() => onSignedIn(enrolled)} />;
  }

  if (challenge.twoFactor === 'enrol') {
    return (
      <Stack gap="md" data-testid="two-factor-enrol">
        <Alert color="orange" variant="light" title={t('signIn.enrolTitle')}>
          {t('signIn.enrolRequired')}
        </Alert>
        {setup ? (
          <TotpEnrolment setup={setup} onConfirm={(value) => void send(value)} submitting={submitting} error={error} />
        ) : error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('signIn.loading')} />
          </Group>
        )}
        {restart}
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) void send(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-step">
      <Stack gap="md">
        <Text size="sm">{t('signIn.codePrompt')}</Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="two-factor-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('signIn.code')}
          description={t('signIn.codeHint')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          required
          data-autofocus
        />
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('signIn.verify')}
        </Button>
        {restart}
      </Stack>
    </form>
  );
}
