import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@grove/shared';

/** The secret in groups of four, as authenticator apps show it when typed in by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Setting up an authenticator app: scan the QR code (or type the secret), then confirm with the
 * first code the app shows. Used at sign-in (policy) and in settings.
 */
export function TotpEnrolment({
  setup,
  onConfirm,
  submitting,
  error,
  onCancel,
}: {
  setup: TotpSetup;
  onConfirm: (code: string) => void;
  submitting: boolean;
  error: string | null;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onConfirm(code.trim());
  };
  return (
    <Stack gap="md" data-testid="totp-enrolment">
      <Text size="sm">{t('twoFactor.scan')}</Text>
      <Group justify="center">
        <Paper p="sm" bg="white" withBorder radius="md">
          <QRCodeSVG value={setup.otpauthUri} size={176} title={t('twoFactor.qrTitle')} marginSize={0} />
        </Paper>
      </Group>
      <Stack gap={4}>
        <Text size="sm">{t('twoFactor.typeSecret')}</Text>
        <Code block data-testid="totp-secret" data-secret={setup.secret} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 15 }}>
          {groupedSecret(setup.secret)}
        </Code>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('twoFactor.firstCode')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            required
          />
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              {t('twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
