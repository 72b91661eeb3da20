/** Access-matrix cases (domains/access-matrix.test.ts) of sign-in, tokens, password reset and the profile. */
import type { AccessCase, ModuleTesting } from '../../modules/domain-module.js';
import { SIGNED_IN, STAFF, SYSTEM_ADMIN, type AudienceTable } from '../../test/audience.js';

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
  'POST /api/token/two-factor': { body: () => ({ challenge: 'not-a-challenge', code: '123456' }), expect: () => 400 },
  'POST /api/token/two-factor/setup': { body: () => ({ challenge: 'not-a-challenge' }), expect: () => 400 },
  'GET /api/Users/me/two-factor': {},
  // Starting a set-up changes nothing until a code confirms it.
  'POST /api/Users/me/two-factor/setup': {},
  'POST /api/Users/me/two-factor/confirm': { body: () => ({ code: '000000' }), expect: ({ role }) => (role === null ? 401 : 400) },
  'POST /api/Users/me/two-factor/recovery-codes': { body: () => ({ code: '000000' }), expect: ({ role }) => (role === null ? 401 : 409) },
  'POST /api/Users/me/two-factor/disable': { body: () => ({ currentPassword: 'not-the-password' }), expect: ({ role }) => (role === null ? 401 : 400) },
  'GET /api/Users/me/sessions': {},
  'DELETE /api/Users/me/sessions/:sessionId': {
    params: () => ({ sessionId: '00000000-0000-4000-8000-000000000000' }),
    expect: ({ role }) => (role === null ? 401 : 404),
  },
  // A refused confirmation: the shared sessions of the matrix must live on.
  'POST /api/Users/me/sessions/sign-out-everywhere': { body: () => ({ confirm: false }), expect: ({ role }) => (role === null ? 401 : 400) },
  'GET /api/SignInPolicy': {},
  // Never switched on here: the matrix's staff would have to enrol at their next sign-in.
  'PUT /api/SignInPolicy': { body: () => ({ requireStaffTwoFactor: false }) },
};

/** Expected audience (test/audience.ts): spec §7's sign-in and reset calls are public; the profile is the caller's own. */
const audience: AudienceTable = {
  'POST /api/token': { who: 'public' },
  // Public, answered with 401 when the refresh cookie is missing (its access case says so).
  'POST /api/token/refresh': { who: 'public' },
  'POST /api/token/logout': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/GenerateResetPasswordCode': { who: 'public' },
  'POST /api/Users/ResetPassword': { who: 'public' },
  'POST /api/Users/CheckResetCode': { who: 'public' },
  'GET /api/Users/me': { who: SIGNED_IN, scope: 'own' },
  'PUT /api/Users/me': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/password': { who: SIGNED_IN, scope: 'own' },
  // The second sign-in step (decision 025): the challenge is the credential.
  'POST /api/token/two-factor': { who: 'public' },
  'POST /api/token/two-factor/setup': { who: 'public' },
  'GET /api/Users/me/two-factor': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/two-factor/setup': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/two-factor/confirm': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/two-factor/recovery-codes': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/two-factor/disable': { who: SIGNED_IN, scope: 'own' },
  'GET /api/Users/me/sessions': { who: SIGNED_IN, scope: 'own' },
  'DELETE /api/Users/me/sessions/:sessionId': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/sessions/sign-out-everywhere': { who: SIGNED_IN, scope: 'own' },
  // The policy applies to staff; they read it, System Admin changes it.
  'GET /api/SignInPolicy': { who: STAFF },
  'PUT /api/SignInPolicy': { who: SYSTEM_ADMIN },
};

export const authTesting: ModuleTesting = { accessCases, audience };
