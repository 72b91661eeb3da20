import type { ResidentRegistration } from '@grove/shared';
import { api } from '../../../app/api-client';

/** `POST /api/Registration/resident` (public): 202 with the same message whether or not the email had an account. */
export function registerResident(body: ResidentRegistration): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/Registration/resident', body, { auth: false, redirectOn401: false });
}
