import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { assertStrongPassword, isStrongPassword, passwordUserInputs } from './password-strength.js';

describe('password strength', () => {
  const inputs = passwordUserInputs({ email: 'jane.smith@example.com', firstName: 'Jane', lastName: 'Smith' });

  it.each(['password1', 'Password123!', 'P@ssw0rd!', 'qwertyuiop', 'iloveyou2', 'summer2024!', 'aaaaaaaaaaaa', '12345678'])('refuses the common %s', (password) => {
    expect(isStrongPassword(password, inputs)).toBe(false);
  });

  it('refuses passwords built from the user’s own email or name', () => {
    expect(isStrongPassword('jane.smith2024', inputs)).toBe(false);
    expect(isStrongPassword('JaneSmith!1', inputs)).toBe(false);
    expect(isStrongPassword('jane.smith2024', [])).toBe(true);
  });

  it('accepts long random-ish passwords and passphrases up to 256 characters', () => {
    expect(isStrongPassword('Maple-Lantern-Orbit-42', inputs)).toBe(true);
    expect(isStrongPassword('correct horse battery staple', inputs)).toBe(true);
    expect(isStrongPassword('a quiet river runs past the gravel yard at dusk '.repeat(5).slice(0, 256), inputs)).toBe(true);
  });

  it('refuses anything shorter than 8 or longer than 256 characters', () => {
    expect(isStrongPassword('xQ7#vL2', inputs)).toBe(false);
    expect(isStrongPassword('xQ7#vL2!pZ'.repeat(26), inputs)).toBe(false);
  });

  it('stays fast on pathological input', () => {
    const started = performance.now();
    isStrongPassword('4@3$1!0@'.repeat(32), inputs);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('throws the passwordWeak field error on the given field', () => {
    try {
      assertStrongPassword('password1', inputs, 'newPassword');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).errors).toEqual({ newPassword: ['This password is too easy to guess. Add more words or characters.'] });
    }
  });
});
