import type { FastifyPluginAsync } from 'fastify';
import { PROPOSAL_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { companyDetails } from '../company-settings/index.js';
import { toLanguage } from '../../mail/language.js';
import { renderProposalPdf } from './pdf.js';
import { getProposalDetail, listProposals } from './queries.js';
import {
  acceptProposal,
  createProposal,
  declineProposal,
  deleteDraft,
  getApprovalRule,
  reviseProposal,
  sendProposal,
  setApprovalRule,
  updateDraft,
  voteOnProposal,
  withdrawProposal,
} from './service.js';

/** `/api/Proposals`: lists, drafts, sending and revisions (staff); signature, decline and board votes (customer). */
export const proposalRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, PROPOSAL_ENDPOINTS.list, (request) => listProposals(db, requireAuth(request), request.query));

  route(fastify, PROPOSAL_ENDPOINTS.create, (request) => createProposal(db, requireAuth(request), request.body));

  route(fastify, PROPOSAL_ENDPOINTS.approvalRule, (request) => getApprovalRule(db, requireAuth(request), request.params.customerId));

  route(fastify, PROPOSAL_ENDPOINTS.setApprovalRule, (request) => setApprovalRule(db, requireAuth(request), request.params.customerId, request.body));

  route(fastify, PROPOSAL_ENDPOINTS.get, (request) => getProposalDetail(db, requireAuth(request), request.params.id, request.query.version));

  route(fastify, PROPOSAL_ENDPOINTS.pdf, async (request, reply) => {
    const user = requireAuth(request);
    const proposal = await getProposalDetail(db, user, request.params.id, request.query.version);
    const signed = proposal.signature?.version === proposal.shownVersion;
    const name = `${proposal.number}-v${proposal.shownVersion}${signed ? '-signed' : ''}.pdf`;
    return sendPdf(reply, renderProposalPdf(proposal, toLanguage(user.language), await companyDetails(db, deps.config)), name);
  });

  route(fastify, PROPOSAL_ENDPOINTS.update, (request) => updateDraft(db, requireAuth(request), request.params.id, request.body));

  route(fastify, PROPOSAL_ENDPOINTS.delete, async (request) => {
    await deleteDraft(db, requireAuth(request), request.params.id);
  });

  route(fastify, PROPOSAL_ENDPOINTS.send, (request) => sendProposal(db, requireAuth(request), request.params.id));

  route(fastify, PROPOSAL_ENDPOINTS.revise, (request) => reviseProposal(db, requireAuth(request), request.params.id, request.body));

  route(fastify, PROPOSAL_ENDPOINTS.withdraw, (request) => withdrawProposal(db, requireAuth(request), request.params.id, request.body.reason));

  route(fastify, PROPOSAL_ENDPOINTS.accept, (request) =>
    acceptProposal(db, requireAuth(request), request.params.id, request.body, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null }),
  );

  route(fastify, PROPOSAL_ENDPOINTS.decline, (request) => declineProposal(db, requireAuth(request), request.params.id, request.body.reason));

  route(fastify, PROPOSAL_ENDPOINTS.vote, (request) => voteOnProposal(db, requireAuth(request), request.params.id, request.body));
};
