import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';

/** What to say when a second-factor step failed: wrong code, expired sign-in, too many tries, or else. */
export function secondFactorError(error: unknown, t: TFunction): { text: string; expired: boolean } {
  if (!(error instanceof ApiError)) return { text: t('errors:api.unexpected'), expired: false };
  if (error.isNetworkError) return { text: t('errors:api.network'), expired: false };
  if (error.status === 429) return { text: t('errors:api.tooManyRequests'), expired: false };
  if (error.status === 400 && error.errors.challenge) return { text: t('account:twoFactor.expired'), expired: true };
  if (error.status === 400) return { text: t('account:twoFactor.codeInvalid'), expired: false };
  return { text: t('errors:api.server'), expired: false };
}
