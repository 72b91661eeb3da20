import { randomInt } from 'node:crypto';
import { REGISTRATION_CODE_ALPHABET, REGISTRATION_CODE_LENGTH } from '@grove/shared';

/*
 * Resident registration codes: 8 characters from an alphabet without look-alikes (31 symbols, about
 * 40 bits), so they can be read out or typed from a notice board. Guessing is held off by the
 * per-IP rate limit of the registration endpoint and by approval: a registration only waits for a
 * property manager, it never grants access by itself.
 */

export function newRegistrationCode(): string {
  let code = '';
  for (let i = 0; i < REGISTRATION_CODE_LENGTH; i++) code += REGISTRATION_CODE_ALPHABET[randomInt(REGISTRATION_CODE_ALPHABET.length)];
  return code;
}

/** What people type (any case, spaces or dashes) → the stored form. */
export function normalizeRegistrationCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Stored form → shown form `ABCD-EFGH`. */
export function formatRegistrationCode(code: string | null): string | null {
  if (!code) return null;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
