import type { TFunction } from 'i18next';
import { maxBytesFor, type FileKind } from '@grove/shared';
import { formatNumber } from '../../app/format';
import type { UploadProblem } from './useUploadQueue';

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  return formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
}

/**
 * The text of a refusal in the user's language. The server's 413/415 answers have fixed meanings
 * (size, pixels, type, unreadable image), shown translated; any other server text is shown as sent.
 */
export function problemText(t: TFunction<'upload'>, kind: FileKind, problem: UploadProblem): string {
  const max = formatBytes(maxBytesFor(kind));
  const wrongType = kind === 'photo' ? t('errors.wrongTypePhoto') : t('errors.wrongTypeFile');
  if ('precheck' in problem) {
    if (problem.precheck === 'tooLarge') return t('errors.tooLarge', { max });
    if (problem.precheck === 'empty') return t('errors.empty');
    return wrongType;
  }
  switch (problem.status) {
    case 0:
      return t('errors.network');
    case 401:
      return t('errors.sessionEnded');
    case 404:
      return t('errors.notAllowed');
    case 413:
      return /pixel/i.test(problem.message) ? t('errors.tooManyPixels') : t('errors.tooLarge', { max });
    case 415:
      return /could not be read/i.test(problem.message) ? t('errors.unreadable') : wrongType;
    default:
      return problem.message ? t('errors.server', { message: problem.message }) : t('errors.generic');
  }
}
