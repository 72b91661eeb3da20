import { defineModule } from '../../modules/domain-module.js';
import { authRoutes } from './routes.js';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  testing: () => import('./testing.js').then((m) => m.authTesting),
});

// What other domains use: accounts, sessions, one-time codes, passwords and rate limits.
export { findUserByEmail, normalizeUsername } from './users.js';
export { revokeUserSessions } from './sessions.js';
export { issueCode } from './reset-codes.js';
export { hashPassword } from './passwords.js';
export { assertStrongPassword, passwordUserInputs } from './password-strength.js';
export { RateLimiter, type RateLimitRule } from './rate-limits.js';
export { createRateLimitStore } from './rate-limit-store.js';
