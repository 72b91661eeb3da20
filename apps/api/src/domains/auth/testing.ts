/** Access-matrix cases (domains/access-matrix.test.ts) of sign-in, tokens, password reset and the profile. */
import type { AccessCase, ModuleTesting } from '../../modules/domain-module.js';

// Public routes get a failing body, so shared sessions and passwords stay intact.
const accessCases: Record<string, AccessCase> = {
  'POST /api/token': { body: () => ({ username: 'nobody@example.com', password: 'not-a-password' }) },
  'POST /api/token/refresh': { expect: ({ role }) => (role === null ? 401 : undefined) },
  'POST /api/token/logout': { freshSession: true },
  'POST /api/Users/GenerateResetPasswordCode': { body: () => ({ email: 'nobody@example.com' }) },
  'POST /api/Users/ResetPassword': {
    body: () => ({ email: 'nobody@example.com', code: 'not-a-code', password: 'Quiet-Harbor-Kettle-93', confirmPassword: 'Quiet-Harbor-Kettle-93' }),
  },
  'POST /api/Users/CheckResetCode': { body: () => ({ email: 'nobody@example.com', code: 'not-a-code' }) },
  'GET /api/Users/me': {},
  'PUT /api/Users/me': { body: () => ({ firstName: 'Matrix', lastName: 'Tester', language: 'en' }) },
  'POST /api/Users/me/password': {
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'Quiet-Harbor-Kettle-93', confirmPassword: 'Quiet-Harbor-Kettle-93' }),
  },
};

export const authTesting: ModuleTesting = { accessCases };
