import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_ENDPOINTS, agingQuerySchema, errorResponseSchema, invoiceExportQuerySchema, invoiceIdParamsSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { toLanguage } from '../../mail/language.js';
import { companyDetails } from '../company-settings/index.js';
import { contentUrl } from '../files/index.js';
import { assertCustomerInScope } from '../scope/index.js';
import { agingCsv, invoicesCsv } from './csv.js';
import { renderInvoicePdf } from './pdf.js';
import { agingSummary, exportInvoices, getInvoiceDetail, listInvoices } from './queries.js';
import { createInvoice, deleteDraft, issueInvoice, recordPayment, updateDraft, voidInvoice } from './service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['invoices'];
const csvAnswer = { 200: z.string().describe('text/csv; UTF-8 with BOM'), ...errors };

/** `/api/Invoices`: lists, aging and PDFs for everyone who sees invoices; drafts, issuing, voiding and payments for staff. */
export const invoiceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const day = () => new Date().toISOString().slice(0, 10);

  route(fastify, INVOICE_ENDPOINTS.list, async (request) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    return listInvoices(db, user, request.query);
  });

  app.get(
    '/api/Invoices/export.csv',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'CSV of the current filter (up to 10 000 rows), headers in the caller’s language', querystring: invoiceExportQuerySchema, response: csvAnswer } },
    async (request, reply) => {
      const user = requireAuth(request);
      if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
      const rows = await exportInvoices(db, user, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${day()}.csv"`)
        .header('cache-control', 'no-store')
        .send(invoicesCsv(rows, user.language));
    },
  );

  route(fastify, INVOICE_ENDPOINTS.aging, async (request) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    return agingSummary(db, user, request.query);
  });

  app.get(
    '/api/Invoices/aging.csv',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'CSV of the aging summary', querystring: agingQuerySchema, response: csvAnswer } },
    async (request, reply) => {
      const user = requireAuth(request);
      if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
      const summary = await agingSummary(db, user, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoice-aging-${summary.asOf}.csv"`)
        .header('cache-control', 'no-store')
        .send(agingCsv(summary, user.language));
    },
  );

  route(fastify, INVOICE_ENDPOINTS.create, (request) => createInvoice(db, requireAuth(request), request.body));

  route(fastify, INVOICE_ENDPOINTS.get, (request) => getInvoiceDetail(db, requireAuth(request), request.params.id));

  app.get(
    '/api/Invoices/:id/pdf',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The invoice as PDF (generated; an uploaded invoice redirects to its file)', params: invoiceIdParamsSchema, response: { 200: z.any().describe('application/pdf'), 302: z.null(), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const invoice = await getInvoiceDetail(db, user, request.params.id);
      if (invoice.kind === 'uploaded') {
        if (!invoice.file) return reply.status(404).send({ message: 'Not found' });
        return reply.redirect(contentUrl(invoice.file.id), 302);
      }
      return sendPdf(reply, renderInvoicePdf(invoice, toLanguage(user.language), await companyDetails(db, deps.config)), `${invoice.number}.pdf`);
    },
  );

  route(fastify, INVOICE_ENDPOINTS.update, (request) => updateDraft(db, requireAuth(request), request.params.id, request.body));

  app.delete(
    '/api/Invoices/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Delete a draft', params: invoiceIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteDraft(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route(fastify, INVOICE_ENDPOINTS.issue, (request) => issueInvoice(db, requireAuth(request), request.params.id));

  route(fastify, INVOICE_ENDPOINTS.void, (request) => voidInvoice(db, requireAuth(request), request.params.id, request.body.reason));

  route(fastify, INVOICE_ENDPOINTS.recordPayment, (request) => recordPayment(db, requireAuth(request), request.params.id, request.body));
};
