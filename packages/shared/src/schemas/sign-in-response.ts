import type { SignInResponse, TwoFactorChallenge } from './account-security.js';

/** `POST /api/token` answered a two-factor challenge rather than a token (decision 025). */
export function isTwoFactorChallenge(value: SignInResponse): value is TwoFactorChallenge {
  return 'challenge' in value;
}
