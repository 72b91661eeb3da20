import { z } from 'zod';
import { defineEndpoint, noContent } from '../contract.js';
import { FINGERPRINT_COOKIE_CLEARED } from './auth.js';
import { disableTwoFactorRequestSchema, recoveryCodesSchema, signInPolicySchema, signOutEverywhereRequestSchema, totpCodeRequestSchema, totpSetupSchema, twoFactorStatusSchema, userSessionListSchema } from '../schemas/account-security.js';
import { changePasswordRequestSchema, messageResponseSchema, updateProfileRequestSchema, userProfileSchema } from '../schemas/auth.js';

const tags = ['users'] as const;

const sessionParams = z.object({ sessionId: z.uuid() });

/** The signed-in user's own account (`/api/Users/me*`): profile, password, two-factor sign-in, sessions; the company sign-in policy. */
export const ACCOUNT_ENDPOINTS = {
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/Users/me',
    access: 'authenticated',
    tags,
    summary: 'My profile',
    response: userProfileSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/Users/me',
    access: 'authenticated',
    tags,
    summary: 'Change my name, phone, title or language',
    body: updateProfileRequestSchema,
    response: userProfileSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/password',
    access: 'authenticated',
    tags,
    summary: 'Change my password; my other sessions end',
    body: changePasswordRequestSchema,
    response: messageResponseSchema,
  }),

  twoFactor: defineEndpoint({
    method: 'GET',
    path: '/api/Users/me/two-factor',
    access: 'authenticated',
    tags,
    summary: 'Whether my two-factor sign-in is on',
    response: twoFactorStatusSchema,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/two-factor/setup',
    access: 'authenticated',
    tags,
    summary: 'A new authenticator secret (QR code); on once confirmed with a code',
    response: totpSetupSchema,
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/two-factor/confirm',
    access: 'authenticated',
    tags,
    summary: 'Turn two-factor sign-in on with the first code from the app; answers the recovery codes (shown once)',
    body: totpCodeRequestSchema,
    response: recoveryCodesSchema,
  }),
  recoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/two-factor/recovery-codes',
    access: 'authenticated',
    tags,
    summary: 'New recovery codes (the old ones stop working); needs a current code',
    body: totpCodeRequestSchema,
    response: recoveryCodesSchema,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/two-factor/disable',
    access: 'authenticated',
    tags,
    summary: 'Turn two-factor sign-in off (current password required)',
    body: disableTwoFactorRequestSchema,
    response: twoFactorStatusSchema,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/Users/me/sessions',
    access: 'authenticated',
    tags,
    summary: 'My live sign-in sessions',
    response: userSessionListSchema,
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/Users/me/sessions/:sessionId',
    access: 'authenticated',
    tags,
    summary: 'End one of my sessions (its tokens stop working at once)',
    params: sessionParams,
    response: noContent,
    cookies: [FINGERPRINT_COOKIE_CLEARED],
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/api/Users/me/sessions/sign-out-everywhere',
    access: 'authenticated',
    tags,
    summary: 'End every session of mine, this one included',
    body: signOutEverywhereRequestSchema,
    response: noContent,
    cookies: [FINGERPRINT_COOKIE_CLEARED],
  }),
  signInPolicy: defineEndpoint({
    method: 'GET',
    path: '/api/SignInPolicy',
    access: 'staff',
    tags,
    summary: 'Company sign-in policy',
    response: signInPolicySchema,
  }),
  updateSignInPolicy: defineEndpoint({
    method: 'PUT',
    path: '/api/SignInPolicy',
    access: 'staff',
    tags,
    summary: 'Change the company sign-in policy (System Admin)',
    body: signInPolicySchema,
    response: signInPolicySchema,
  }),
};
