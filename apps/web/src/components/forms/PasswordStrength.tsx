import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@grove/shared';
import { passwordStrength } from './password-strength';

const COLORS = { tooShort: 'gray', weak: 'red', fair: 'yellow', good: 'teal', strong: 'green' } as const;

/**
 * Strength meter under a new-password field (reset, invitation, registration). `showText: false`
 * keeps only the bar while the field shows its own error, so a short password gets one message.
 */
export function PasswordStrength({ password, id, showText = true }: { password: string; id?: string; showText?: boolean }) {
  const { t } = useTranslation('forms');
  const { level, score } = passwordStrength(password);
  return (
    <Stack gap={4} id={id}>
      <Progress value={password ? Math.max(score, 0.4) * 25 : 0} color={COLORS[level]} size="sm" aria-hidden />
      {showText && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {password ? t(`password.strength.${level}`, { min: PASSWORD_MIN_LENGTH }) : t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        </Text>
      )}
    </Stack>
  );
}
