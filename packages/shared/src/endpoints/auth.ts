import { z } from 'zod';
import { errorResponseSchema } from '../schemas/common.js';
import { defineEndpoint, noContent } from '../contract.js';
import { enrolledTokenResponseSchema, signInResponseSchema, totpSetupSchema, twoFactorCodeRequestSchema, twoFactorSetupRequestSchema } from '../schemas/account-security.js';
import { checkResetCodeRequestSchema, checkResetCodeResponseSchema, forgotPasswordRequestSchema, loginRequestSchema, messageResponseSchema, resetPasswordRequestSchema, tokenResponseSchema } from '../schemas/auth.js';

const tags = ['auth'] as const;

/** 400 of `POST /api/token`: the OAuth-style failure, or field errors when the body is malformed. */
export const loginFailureSchema = errorResponseSchema.extend({ error: z.string().optional(), error_description: z.string().optional() });

/** The session's fingerprint cookie (HttpOnly, path /api) and the account's known-device cookie. */
const SIGN_IN_COOKIES = ['grove_fp (session fingerprint)', 'the known-device cookie of the account (skips account-wide rate limits)'] as const;
export const FINGERPRINT_COOKIE_CLEARED = 'grove_fp (cleared)';

/** Sign-in (password, two-factor), token refresh and sign-out, password reset: `/api/token*` and `/api/Users/*Reset*`. */
export const AUTH_ENDPOINTS = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/token',
    access: 'public',
    tags,
    summary: 'Sign in with username and password',
    body: loginRequestSchema,
    response: signInResponseSchema,
    errors: { 400: loginFailureSchema },
    cookies: SIGN_IN_COOKIES,
  }),
  signInTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/api/token/two-factor',
    access: 'public',
    tags,
    summary: 'Second step of sign-in: a code from the authenticator app, or a recovery code',
    body: twoFactorCodeRequestSchema,
    response: enrolledTokenResponseSchema,
    cookies: SIGN_IN_COOKIES,
  }),
  signInTwoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/token/two-factor/setup',
    access: 'public',
    tags,
    summary: 'Sign-in when the policy requires two-factor: a new authenticator secret to enrol',
    body: twoFactorSetupRequestSchema,
    response: totpSetupSchema,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/token/refresh',
    access: 'public',
    tags,
    summary: 'A new access token for a live session (the Bearer token may have expired)',
    response: tokenResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/token/logout',
    access: 'authenticated',
    tags,
    summary: 'End this session',
    response: noContent,
    cookies: [FINGERPRINT_COOKIE_CLEARED],
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/Users/GenerateResetPasswordCode',
    access: 'public',
    tags,
    summary: 'Email a reset link; the same answer whether or not the email has an account',
    body: forgotPasswordRequestSchema,
    response: messageResponseSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/Users/ResetPassword',
    access: 'public',
    tags,
    summary: 'Set a new password with the emailed code; ends every session of the user',
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
  }),
  checkResetCode: defineEndpoint({
    method: 'POST',
    path: '/api/Users/CheckResetCode',
    access: 'public',
    tags,
    summary: 'Whether an emailed reset or invitation link is still usable (uses up nothing)',
    body: checkResetCodeRequestSchema,
    response: checkResetCodeResponseSchema,
  }),
};
