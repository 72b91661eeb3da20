import { defineModule } from '../../modules/domain-module.js';
import { proposalDashboardTiles } from './dashboard-tiles.js';
import { seedDemoProposals } from './demo-seed.js';
import { expireProposalsJob } from './expire-job.js';
import { PROPOSAL_MESSAGES, proposalNotificationKinds } from './notifications.js';
import { proposalLiveEvents } from './live.js';
import { PROPOSAL_OWNER, mayReadProposalFiles } from './queries.js';
import { proposalRoutes } from './routes.js';
import { proposalReportMetrics } from './report-metrics.js';

export const proposalsModule = defineModule({
  name: 'proposals',
  routes: [proposalRoutes],
  jobs: [expireProposalsJob],
  reportMetrics: proposalReportMetrics,
  dashboardTiles: proposalDashboardTiles,
  notificationKinds: proposalNotificationKinds,
  notificationMessages: PROPOSAL_MESSAGES,
  liveEvents: proposalLiveEvents,
  // Files of a draft are attached staff-only until it is sent (service.ts); a file follows its
  // proposal: whoever may not read the proposal (scope, draft, no viewer role there) gets 404.
  files: { ownerTypes: [PROPOSAL_OWNER], canSeeFiles: mayReadProposalFiles },
  demoSeed: { run: (tx, demo) => seedDemoProposals(tx, demo.passwordHash) },
  testing: async () => {
    const { proposalRouteCases, proposalAudience } = await import('./access-matrix-cases.js');
    return { accessCases: proposalRouteCases, audience: proposalAudience };
  },
});
export { DEMO_SECOND_BOARD_MEMBER } from './demo-seed.js';
