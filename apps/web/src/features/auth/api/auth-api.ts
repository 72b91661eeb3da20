import type { CheckResetCodeRequest, CheckResetCodeResponse, ForgotPasswordRequest, ResetPasswordRequest } from '@grove/shared';
import { api } from '../../../app/api-client';

/** Spec §7 password calls; both answer the same whether the email exists or not. */
export function requestResetCode(body: ForgotPasswordRequest): Promise<unknown> {
  return api.post('/api/Users/GenerateResetPasswordCode', body, { auth: false, redirectOn401: false });
}

export function resetPassword(body: ResetPasswordRequest): Promise<unknown> {
  return api.post('/api/Users/ResetPassword', body, { auth: false, redirectOn401: false });
}

/** Whether the emailed link can still set a password (asked when the reset page opens). */
export function checkResetCode(body: CheckResetCodeRequest): Promise<CheckResetCodeResponse> {
  return api.post<CheckResetCodeResponse>('/api/Users/CheckResetCode', body, { auth: false, redirectOn401: false });
}
