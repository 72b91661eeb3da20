import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import type { AnyJob } from '../jobs/define-job.js';
import type { OutboxTopic } from '../outbox/topic.js';
import type { DashboardTileDefinition } from './dashboard.js';

/**
 * What a domain gives the rest of the app. Each domain exports one from its `index.ts`; the app,
 * the job engine (and, as they move here, notifications, the customer overview, the file policy,
 * the access matrix, test factories and the demo seed) iterate `MODULES` and know no domain by name.
 */
export interface DomainModule {
  /** Folder name under `domains/`, for logs and tests. */
  name: string;
  /** Fastify plugins with the domain's routes, registered in order. */
  routes?: readonly FastifyPluginAsync<{ deps: AppDeps }>[];
  /** Background jobs the domain owns (defineJob). */
  jobs?: readonly AnyJob[];
  /** Outbox topics the domain delivers (emails, live events). */
  outboxTopics?: readonly OutboxTopic[];
  /** Tiles on the staff and customer dashboards (modules/dashboard.ts); a domain without data adds none. */
  dashboardTiles?: readonly DashboardTileDefinition[];
}

export function defineModule(module: DomainModule): DomainModule {
  return module;
}
