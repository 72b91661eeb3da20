import { defineEndpoint } from '../contract.js';
import { messageResponseSchema } from '../schemas/auth.js';
import { errorResponseSchema } from '../schemas/common.js';
import { residentRegistrationSchema } from '../schemas/portal-access.js';

const tags = ['portal access'] as const;

/** `/api/Registration`: resident self-registration with a customer code. */
export const REGISTRATION_ENDPOINTS = {
  resident: defineEndpoint({
    method: 'POST',
    path: '/api/Registration/resident',
    access: 'public',
    tags,
    summary: 'Register as a resident with a registration code; the account waits for approval (same answer for an email that already has an account)',
    body: residentRegistrationSchema,
    response: messageResponseSchema,
    status: 202,
    errors: { 429: errorResponseSchema },
  }),
};
