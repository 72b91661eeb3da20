import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validationText } from '@grove/shared';
import { badRequest } from '../../http/errors.js';

/** zxcvbn score (0–4) a new password must reach: 3 = "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's cost grows with length and l33t substitutions: it checks the first 64 characters (a
 * longer passphrase is long enough anyway) and caps substitutions. Levenshtein matching stays off:
 * it costs ~400 ms per check here, which would make every check a CPU-cost lever for an attacker.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  maxLength: 64,
  l33tMaxSubstitutions: 20,
});

/** Things about the user that make a password guessable: email, its local part, names. */
export function passwordUserInputs(user: { email?: string | null; firstName?: string | null; lastName?: string | null }): string[] {
  const inputs = ['grove', 'landscaping', 'portal'];
  if (user.email) {
    const email = user.email.toLowerCase();
    const local = email.split('@')[0] ?? '';
    inputs.push(email, local, local.replace(/[._+-]/g, ''), ...local.split(/[._+-]/));
  }
  const first = user.firstName?.toLowerCase().replace(/\s+/g, '') ?? '';
  const last = user.lastName?.toLowerCase().replace(/\s+/g, '') ?? '';
  inputs.push(first, last, first + last, last + first);
  return inputs.filter((input) => input.length >= 3);
}

export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return zxcvbn.check(password, userInputs).score >= MIN_PASSWORD_SCORE;
}

/** Throws the spec's 400 field error (`passwordWeak`) on `field` when the password is too easy to guess. */
export function assertStrongPassword(password: string, userInputs: string[], field = 'password'): void {
  if (!isStrongPassword(password, userInputs)) throw badRequest({ [field]: [validationText('passwordWeak')] });
}
