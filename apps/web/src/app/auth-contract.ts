/**
 * The sign-in and session endpoints' declarations (zod schemas) and the endpoint client, loaded when
 * first called: the sign-in screen must not download zod and the shared schemas up front (issue 15,
 * decisions 028 and 032); a signed-in screen has them already.
 */
export { ACCOUNT_ENDPOINTS, AUTH_ENDPOINTS } from '@grove/shared';
export { callEndpoint } from './endpoint-client';
