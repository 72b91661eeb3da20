import { PASSWORD_MIN_LENGTH } from '@grove/shared';

export type StrengthLevel = 'tooShort' | 'weak' | 'fair' | 'good' | 'strong';

/**
 * A hint while typing, not the rule: the server checks passwords with a strength library and
 * refuses common ones. Length counts most, so long passphrases score well.
 */
export function passwordStrength(password: string): { level: StrengthLevel; score: number } {
  if (password.length < PASSWORD_MIN_LENGTH) return { level: 'tooShort', score: 0 };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9\s]/, /\s/].filter((re) => re.test(password)).length;
  const repeated = /^(.)\1+$/.test(password) || /^(?:0123|1234|abcd|qwer|pass)/i.test(password);
  let score = 1;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (kinds >= 3) score++;
  if (repeated) score = 1;
  const level: StrengthLevel = score >= 4 ? 'strong' : score === 3 ? 'good' : score === 2 ? 'fair' : 'weak';
  return { level, score: Math.min(score, 4) };
}
