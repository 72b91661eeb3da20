import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalRuleAnswerSchema,
  approvalRuleParamsSchema,
  approvalRuleUpdateSchema,
  errorResponseSchema,
  proposalAcceptSchema,
  proposalCreateSchema,
  proposalDeclineSchema,
  proposalDetailSchema,
  proposalIdParamsSchema,
  proposalListQuerySchema,
  proposalPageSchema,
  proposalVersionQuerySchema,
  proposalVoteSchema,
  proposalWithdrawSchema,
  proposalWriteSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['proposals'];
const detail = { 200: proposalDetailSchema, ...errors };

/** `/api/Proposals`: lists, drafts, sending and revisions (staff); signature, decline and board votes (customer). */
export const proposalRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Proposals',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Proposals in scope (customer users: sent ones of their customers, open first) with the open value', querystring: proposalListQuerySchema, response: { 200: proposalPageSchema, ...errors } },
    },
    async (request) => listProposals(db, requireAuth(request), request.query),
  );

  app.post(
    '/api/Proposals',
    { config: { access: 'staff' }, schema: { tags, summary: 'Create a draft proposal', body: proposalCreateSchema, response: { 201: proposalDetailSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createProposal(db, requireAuth(request), request.body)),
  );

  app.get(
    '/api/Proposals/approval-rules/:customerId',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'The customer’s board approval rule', params: approvalRuleParamsSchema, response: { 200: approvalRuleAnswerSchema, ...errors } } },
    async (request) => getApprovalRule(db, requireAuth(request), request.params.customerId),
  );

  app.put(
    '/api/Proposals/approval-rules/:customerId',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Set (or remove with rule: null) the customer’s board approval rule', params: approvalRuleParamsSchema, body: approvalRuleUpdateSchema, response: { 200: approvalRuleAnswerSchema, ...errors } },
    },
    async (request) => setApprovalRule(db, requireAuth(request), request.params.customerId, request.body),
  );

  app.get(
    '/api/Proposals/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'One proposal (the latest version, or ?version=); opening a sent one as a customer user marks it viewed', params: proposalIdParamsSchema, querystring: proposalVersionQuerySchema, response: detail },
    },
    async (request) => getProposalDetail(db, requireAuth(request), request.params.id, request.query.version),
  );

  app.get(
    '/api/Proposals/:id/pdf',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The proposal as PDF, with the signature page once signed', params: proposalIdParamsSchema, querystring: proposalVersionQuerySchema, response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const proposal = await getProposalDetail(db, user, request.params.id, request.query.version);
      const signed = proposal.signature?.version === proposal.shownVersion;
      const name = `${proposal.number}-v${proposal.shownVersion}${signed ? '-signed' : ''}.pdf`;
      return sendPdf(reply, renderProposalPdf(proposal, toLanguage(user.language), await companyDetails(db, deps.config)), name);
    },
  );

  app.put(
    '/api/Proposals/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Edit a draft', params: proposalIdParamsSchema, body: proposalWriteSchema, response: detail } },
    async (request) => updateDraft(db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/Proposals/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Delete a draft', params: proposalIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteDraft(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/Proposals/:id/send',
    { config: { access: 'staff' }, schema: { tags, summary: 'Send a draft to the customer (fixes its content hash)', params: proposalIdParamsSchema, response: detail } },
    async (request) => sendProposal(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/Proposals/:id/revise',
    { config: { access: 'staff' }, schema: { tags, summary: 'Send a new version (the previous ones stay in the history)', params: proposalIdParamsSchema, body: proposalWriteSchema, response: detail } },
    async (request) => reviseProposal(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/Proposals/:id/withdraw',
    { config: { access: 'staff' }, schema: { tags, summary: 'Withdraw a sent proposal', params: proposalIdParamsSchema, body: proposalWithdrawSchema, response: detail } },
    async (request) => withdrawProposal(db, requireAuth(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/Proposals/:id/accept',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Accept with a typed signature (starts a board approval round above the customer’s threshold)', params: proposalIdParamsSchema, body: proposalAcceptSchema, response: detail },
    },
    async (request) =>
      acceptProposal(db, requireAuth(request), request.params.id, request.body, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.post(
    '/api/Proposals/:id/decline',
    { config: { access: 'customer' }, schema: { tags, summary: 'Decline with a reason', params: proposalIdParamsSchema, body: proposalDeclineSchema, response: detail } },
    async (request) => declineProposal(db, requireAuth(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/Proposals/:id/vote',
    { config: { access: 'customer' }, schema: { tags, summary: 'A board member approves or rejects in the approval round', params: proposalIdParamsSchema, body: proposalVoteSchema, response: detail } },
    async (request) => voteOnProposal(db, requireAuth(request), request.params.id, request.body),
  );
};
