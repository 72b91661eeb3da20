import { REGISTRATION_ENDPOINTS, type ResidentRegistration } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** `POST /api/Registration/resident` (public): 202 with the same message whether or not the email had an account. */
export function registerResident(body: ResidentRegistration) {
  return callEndpoint(REGISTRATION_ENDPOINTS.resident, { body }, { auth: false, redirectOn401: false });
}
