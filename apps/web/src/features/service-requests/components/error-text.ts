import type { TFunction } from 'i18next';
import { ApiError } from '../../../app/api-client';

/**
 * A failed change in the user's language. The API's 409/403 texts are English; the screen says
 * what happened in the interface language instead and reloads the request where it changed.
 */
export function actionErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return error.message;
    if (error.status === 409) return t('requests:errors.conflict');
    if (error.status === 403) return t('requests:errors.forbidden');
    if (error.status === 404) return t('requests:errors.notFound');
    if (error.status === 400) return t('requests:errors.invalid');
    if (error.status === 429) return t('errors:api.tooManyRequests');
  }
  return t('errors:api.server');
}
