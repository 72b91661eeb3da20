/** The six error pages of spec §2 (`/error/error-1` … `/error/error-6`), by meaning. */
export const ERROR_CODES = {
  'error-1': 'general',
  'error-2': 'forbidden',
  'error-3': 'sessionExpired',
  'error-4': 'maintenance',
  'error-5': 'server',
  'error-6': 'offline',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorKind = (typeof ERROR_CODES)[ErrorCode];

export function isErrorCode(value: string | undefined): value is ErrorCode {
  return !!value && Object.hasOwn(ERROR_CODES, value);
}
