import { defineModule } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { seedDemoProposals } from './demo-seed.js';
import { expireProposalsJob } from './expire-job.js';
import { PROPOSAL_MESSAGES, proposalNotificationKinds } from './notifications.js';
import { PROPOSAL_OWNER } from './queries.js';
import { proposalRoutes } from './routes.js';

export const proposalsModule = defineModule({
  name: 'proposals',
  routes: [proposalRoutes],
  jobs: [expireProposalsJob],
  notificationKinds: proposalNotificationKinds,
  notificationMessages: PROPOSAL_MESSAGES,
  // Files of a draft are attached staff-only until it is sent (service.ts).
  files: { ownerTypes: [PROPOSAL_OWNER], canSeeFiles: customerRecordFileVisible },
  demoSeed: { run: (tx, demo) => seedDemoProposals(tx, demo.passwordHash) },
  testing: async () => {
    const { proposalRouteCases, proposalAudience } = await import('./access-matrix-cases.js');
    return { accessCases: proposalRouteCases, audience: proposalAudience };
  },
});
export { DEMO_SECOND_BOARD_MEMBER } from './demo-seed.js';
