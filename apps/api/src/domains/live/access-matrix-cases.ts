import type { AccessCase } from '../../modules/domain-module.js';
import { SIGNED_IN, type AudienceTable } from '../../test/audience.js';

/** Access-matrix entries (domains/access-matrix.test.ts) for the event stream. */
export const liveRouteCases: Record<string, AccessCase> = {
  'GET /api/events': { stream: true },
};

/** Expected audience (test/audience.ts): every signed-in user has their own stream (issue 13). */
export const liveAudience: AudienceTable = {
  'GET /api/events': { who: SIGNED_IN, scope: 'own' },
};
