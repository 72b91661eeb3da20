import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { tokenResponseSchema } from './auth.js';

/**
 * Two-factor sign-in with an authenticator app (TOTP) and the signed-in user's sessions
 * (docs/decisions/025-two-factor-sign-in-and-content.md).
 */

/** Six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`). Spaces are ignored. */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((value) => value.replace(/\s+/g, ''));

/** `POST /api/token` when the password was right but a second step is needed: no token yet. */
export const twoFactorChallengeSchema = z.object({
  /** `code`: ask for a code; `enrol`: the account must set up an authenticator app first (policy). */
  twoFactor: z.enum(['code', 'enrol']),
  /** Short-lived proof that the password was right; sent back with the code. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /api/token` answers either a token or a two-factor challenge. */
export const signInResponseSchema = z.union([tokenResponseSchema, twoFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

// Kept in a module without zod: the sign-in screen needs the check, not the schemas.
export { isTwoFactorChallenge } from './sign-in-response.js';

export const twoFactorCodeRequestSchema = z.object({ challenge: z.string().min(1).max(2048), code: secondFactorCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

export const twoFactorSetupRequestSchema = z.object({ challenge: z.string().min(1).max(2048) });

/** A new authenticator secret: the QR code encodes `otpauthUri`; `secret` is for typing it in. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Shown once, right after they are made; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Sign-in finished by enrolling: the token plus the recovery codes to write down. */
export const enrolledTokenResponseSchema = tokenResponseSchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type EnrolledTokenResponse = z.infer<typeof enrolledTokenResponseSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The sign-in policy requires it for this user (a staff role): it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpCodeRequestSchema = z.object({ code: secondFactorCodeSchema });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

export const disableTwoFactorRequestSchema = z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequestSchema>;

/** One live sign-in of the user (a browser or device). */
export const userSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionListSchema = z.object({ data: z.array(userSessionSchema) });

/** `POST /api/Users/me/sessions/sign-out-everywhere`: ends this session too, so it must be meant. */
export const signOutEverywhereRequestSchema = z.object({ confirm: z.literal(true) });

export const signInPolicySchema = z.object({ requireStaffTwoFactor: z.boolean() });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

