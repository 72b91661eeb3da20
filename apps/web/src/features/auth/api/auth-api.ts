import { AUTH_ENDPOINTS, type CheckResetCodeRequest, type ForgotPasswordRequest, type ResetPasswordRequest } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

const PUBLIC = { auth: false, redirectOn401: false } as const;

/** Spec §7 password calls; both answer the same whether the email exists or not. */
export function requestResetCode(body: ForgotPasswordRequest) {
  return callEndpoint(AUTH_ENDPOINTS.forgotPassword, { body }, PUBLIC);
}

export function resetPassword(body: ResetPasswordRequest) {
  return callEndpoint(AUTH_ENDPOINTS.resetPassword, { body }, PUBLIC);
}

/** Whether the emailed link can still set a password (asked when the reset page opens). */
export function checkResetCode(body: CheckResetCodeRequest) {
  return callEndpoint(AUTH_ENDPOINTS.checkResetCode, { body }, PUBLIC);
}
