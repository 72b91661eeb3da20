import { defineModule } from '../../modules/domain-module.js';
import { expireProposalsJob } from './expire-job.js';
import { proposalRoutes } from './routes.js';

export const proposalsModule = defineModule({ name: 'proposals', routes: [proposalRoutes], jobs: [expireProposalsJob] });
