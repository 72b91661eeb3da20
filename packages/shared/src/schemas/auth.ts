import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { emailSchema } from './common.js';
import { timeZoneSchema } from './customers.js';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user object that travels with a token: only these fields ever go out. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Comma-separated roles, as spec §3 describes. */
  role: z.string(),
  roles: z.array(z.string()),
  language: z.enum(LANGUAGES),
  /** Customers a customer-side user is linked to (empty for staff). */
  customerIds: z.array(z.uuid()),
  /** Of those, the customers whose portal users this person manages (navigation shows "Portal access" there). */
  portalCustomerIds: z.array(z.uuid()),
  /** IANA zone the user reads times in; null = the browser's own. */
  timeZone: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: sessionUserSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const loginErrorSchema = z.object({
  message: z.string(),
  error: z.string(),
  error_description: z.string(),
});

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    code: z.string().trim().min(1).max(128),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDiffer',
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * `POST /api/Users/CheckResetCode`: is this emailed link (reset or invitation) still usable? The
 * reset page asks when it opens, so a used link is refused before anyone types two passwords.
 */
export const checkResetCodeRequestSchema = z.object({ email: emailSchema, code: z.string().trim().min(1).max(128) });
export type CheckResetCodeRequest = z.infer<typeof checkResetCodeRequestSchema>;
export const checkResetCodeResponseSchema = z.object({ valid: z.boolean() });
export type CheckResetCodeResponse = z.infer<typeof checkResetCodeResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** `GET /api/Users/me`: the session user plus the fields the profile form edits. */
export const userProfileSchema = sessionUserSchema.extend({
  phone: z.string().nullable(),
  title: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** Staff photo (team directory, customer team cards); null = none. */
  photoFileId: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const PROFILE_NAME_MAX_LENGTH = 100;
export const PROFILE_PHONE_MAX_LENGTH = 40;
export const PROFILE_TITLE_MAX_LENGTH = 100;

/** `PUT /api/Users/me`: what a user may change about themselves (not roles, email or status). */
export const updateProfileRequestSchema = z.object({
  firstName: nameText(PROFILE_NAME_MAX_LENGTH),
  lastName: nameText(PROFILE_NAME_MAX_LENGTH),
  phone: z.string().trim().max(PROFILE_PHONE_MAX_LENGTH).optional().nullable(),
  title: z.string().trim().max(PROFILE_TITLE_MAX_LENGTH).optional().nullable(),
  language: z.enum(LANGUAGES),
  /** Left out = unchanged (older clients send only the fields above); null = the browser's zone. */
  timeZone: timeZoneSchema.nullable().optional(),
  /** Staff: an uploaded photo (team directory, customer team); null removes it; left out = unchanged. */
  photoFileId: z.uuid({ message: 'invalid' }).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `POST /api/Users/me/password`: the current password proves it is the user, not a borrowed session. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDiffer',
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
