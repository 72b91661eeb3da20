import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { LANGUAGES, PASSWORD_MAX_LENGTH } from '../constants.js';
import { CUSTOMER_ROLES } from '../roles.js';
import { PROFILE_NAME_MAX_LENGTH, PROFILE_PHONE_MAX_LENGTH, passwordSchema } from './auth.js';
import { emailSchema, pageQuerySchema } from './common.js';
import { notificationPreferenceChoiceSchema, notificationPreferenceSchema } from './notifications.js';

/*
 * Portal access (issue 4): a customer's portal users. Staff (`/customers/{id}/manage-portal-access…`)
 * and customer users (`/customerView/{id}/manage-portal-access…`) use the same calls:
 *   GET  /api/Customers/{id}/portal-users                         ?page&pageSize&sort&search&status → Page<PortalUser>
 *   POST /api/Customers/{id}/portal-users                         PortalUserCreate → 201 PortalUserCreated
 *   GET  /api/Customers/{id}/portal-users/{userId}                → PortalUserDetail
 *   PUT  /api/Customers/{id}/portal-users/{userId}                PortalUserUpdate → PortalUserDetail
 *   POST /api/Customers/{id}/portal-users/{userId}/resend-invitation → PortalUser (invited users only, else 409)
 *   POST /api/Customers/{id}/portal-users/{userId}/disable        → PortalUser (ends their sessions)
 *   POST /api/Customers/{id}/portal-users/{userId}/enable         → PortalUser
 *   POST /api/Customers/{id}/portal-users/{userId}/approve        → PortalUser (pending residents; emails them)
 *   POST /api/Customers/{id}/portal-users/{userId}/disable-account → PortalUser (System Admin: the account everywhere; ends its sessions)
 *   POST /api/Customers/{id}/portal-users/{userId}/enable-account  → PortalUser (System Admin)
 *   GET  /api/Users/CheckUserExists?email=&customerId=            → { exists, linkedToCustomer }
 *   GET  /api/Users/me/join-requests                              → { data: JoinRequest[] }
 *   POST /api/Users/me/join-requests/{customerId}/accept|decline  → 204
 * Issue 9 §5–6 (docs/decisions/012-portal-access-isolation.md): what a customer's managers manage
 * is the person's membership of that customer. An existing account added by a customer-side
 * manager gets a join request it accepts after signing in; contact details and last sign-in are
 * shown to customer-side managers for active members only; notification choices, disabling and
 * invitations are per membership; Board Members cannot change Property Managers nor grant the role.
 * Who may: staff who edit the customer (System Admin, Executive, Executive Team, Regional
 * Director/Manager and Branch Manager in scope, its Account Manager); the customer's Property
 * Managers; its Board Members when the customer's settings allow. Out of scope → 404, others → 403.
 * Only customer-side roles can be given (a staff role is a 400 on `roles`). Nobody changes their own
 * access (409).
 *
 * Resident self-registration (public, `/resident-user-validation`):
 *   POST /api/Registration/resident   ResidentRegistration → 202 { message }
 */

/** `invited`: linked, no password set yet; `pending_approval`: self-registered, waits for a manager. */
export const PORTAL_USER_STATUSES = ['invited', 'active', 'pending_approval', 'disabled'] as const;
export type PortalUserStatus = (typeof PORTAL_USER_STATUSES)[number];

export const PORTAL_USER_SORTS = ['name', '-name', 'email', '-email', 'lastLoginAt', '-lastLoginAt', 'createdAt', '-createdAt'] as const;

/** Invitations (portal users and new staff) expire after this many days and can be resent. */
export const INVITATION_TTL_DAYS = 7;
export const PORTAL_UNIT_MAX_LENGTH = 200;

export const customerRolesSchema = z
  .array(z.enum(CUSTOMER_ROLES, { message: 'invalid' }))
  .min(1, { message: 'required' })
  .max(CUSTOMER_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'invalid' });

export const portalUserListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PORTAL_USER_SORTS).default('name'),
  status: z.enum(PORTAL_USER_STATUSES).optional(),
});
export type PortalUserListQuery = z.infer<typeof portalUserListQuerySchema>;
export type PortalUserListParams = z.input<typeof portalUserListQuerySchema>;

export const portalUserParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }), userId: z.uuid({ message: 'invalid' }) });

export const portalUserSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Roles at this customer. */
  roles: z.array(z.enum(CUSTOMER_ROLES)),
  status: z.enum(PORTAL_USER_STATUSES),
  unit: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** When the user was linked to this customer (invited or registered). */
  createdAt: z.string(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;

export const portalUserDetailSchema = portalUserSchema.extend({
  /** Notification choices of this membership (notifications about this customer only). */
  notifications: z.array(notificationPreferenceSchema),
});
export type PortalUserDetail = z.infer<typeof portalUserDetailSchema>;

export const portalUserCreateSchema = z.object({
  firstName: nameText(PROFILE_NAME_MAX_LENGTH),
  lastName: nameText(PROFILE_NAME_MAX_LENGTH),
  email: emailSchema,
  phone: z.string().trim().max(PROFILE_PHONE_MAX_LENGTH).optional().nullable(),
  roles: customerRolesSchema,
  unit: z.string().trim().max(PORTAL_UNIT_MAX_LENGTH).optional().nullable(),
});
export type PortalUserCreate = z.infer<typeof portalUserCreateSchema>;

/**
 * `linkedExisting`: the email already had an account, which was linked (names and phone of that
 * account are kept; it gets an "added to" email instead of an invitation).
 */
export const portalUserCreatedSchema = portalUserSchema.extend({ linkedExisting: z.boolean() });
export type PortalUserCreated = z.infer<typeof portalUserCreatedSchema>;

/** Only the fields given change. Role and status changes end the user's sessions. */
export const portalUserUpdateSchema = z.object({
  roles: customerRolesSchema.optional(),
  /** `pending_approval` users are activated with `approve`; `invited` follows from `active`. */
  status: z.enum(['active', 'disabled']).optional(),
  unit: z.string().trim().max(PORTAL_UNIT_MAX_LENGTH).optional().nullable(),
  notifications: z.array(notificationPreferenceChoiceSchema).max(20).optional(),
});
export type PortalUserUpdate = z.infer<typeof portalUserUpdateSchema>;

/**
 * `GET /api/Users/CheckUserExists`: for the new-user forms. Answers only callers who manage the
 * given customer's portal users (or staff, without a customer), so account existence is revealed
 * only to them.
 */
export const checkUserExistsQuerySchema = z.object({
  email: emailSchema,
  customerId: z.uuid({ message: 'invalid' }).optional(),
});
/** A customer's request that the signed-in person join it, waiting for their answer. */
export const joinRequestSchema = z.object({
  customerId: z.uuid(),
  customerName: z.string(),
  roles: z.array(z.enum(CUSTOMER_ROLES)),
  /** Who asked (name), when known. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestListSchema = z.object({ data: z.array(joinRequestSchema) });
export const joinRequestParamsSchema = z.object({ customerId: z.uuid({ message: 'invalid' }) });

export const checkUserExistsResponseSchema = z.object({
  exists: z.boolean(),
  /** Already a user of `customerId` (false without one). */
  linkedToCustomer: z.boolean(),
});
export type CheckUserExistsResponse = z.infer<typeof checkUserExistsResponseSchema>;

// ── Resident self-registration ──────────────────────────────────────────────────────────────────

export const RESIDENT_REGISTRATION_ROLES = ['Resident', 'Tenant/Resident'] as const;

export const residentRegistrationSchema = z
  .object({
    /** The customer's registration code, with or without the dash, any case. */
    code: z.string().trim().min(1).max(20),
    firstName: nameText(PROFILE_NAME_MAX_LENGTH),
    lastName: nameText(PROFILE_NAME_MAX_LENGTH),
    email: emailSchema,
    unit: z.string().trim().min(1).max(PORTAL_UNIT_MAX_LENGTH),
    phone: z.string().trim().max(PROFILE_PHONE_MAX_LENGTH).optional().nullable(),
    role: z.enum(RESIDENT_REGISTRATION_ROLES).default('Resident'),
    /** The interface language at registration: emails to the resident use it. */
    language: z.enum(LANGUAGES).optional(),
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: 'passwordsDiffer' });
export type ResidentRegistration = z.infer<typeof residentRegistrationSchema>;
export type ResidentRegistrationInput = z.input<typeof residentRegistrationSchema>;

/** The same text whether a new account was made or the email already had one (no enumeration). */
export const RESIDENT_REGISTRATION_DONE_TEXT =
  'Thank you. Your registration has been received and waits for approval by your property manager; we will email you when it is approved.';
export const REGISTRATION_CODE_INVALID_TEXT = 'This registration code is not valid. Please check it with your property manager.';
