import type { FastifyPluginAsync } from 'fastify';
import { INVOICE_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { sendCsv } from '../../lib/download.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { toLanguage } from '../../mail/language.js';
import { companyDetails } from '../company-settings/index.js';
import { contentUrl } from '../files/index.js';
import { assertCustomerInScope } from '../scope/index.js';
import { agingCsv, invoicesCsv } from './csv.js';
import { renderInvoicePdf } from './pdf.js';
import { agingSummary, exportInvoices, getInvoiceDetail, listInvoices } from './queries.js';
import { createInvoice, deleteDraft, issueInvoice, recordPayment, updateDraft, voidInvoice } from './service.js';

/** `/api/Invoices`: lists, aging and PDFs for everyone who sees invoices; drafts, issuing, voiding and payments for staff. */
export const invoiceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;
  const day = () => new Date().toISOString().slice(0, 10);

  route(fastify, INVOICE_ENDPOINTS.list, async (request) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    return listInvoices(db, user, request.query);
  });

  route(fastify, INVOICE_ENDPOINTS.exportCsv, async (request, reply) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    const rows = await exportInvoices(db, user, request.query);
    return sendCsv(reply, invoicesCsv(rows, user.language), `invoices-${day()}.csv`);
  });

  route(fastify, INVOICE_ENDPOINTS.aging, async (request) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    return agingSummary(db, user, request.query);
  });

  route(fastify, INVOICE_ENDPOINTS.agingCsv, async (request, reply) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    const summary = await agingSummary(db, user, request.query);
    return sendCsv(reply, agingCsv(summary, user.language), `invoice-aging-${summary.asOf}.csv`);
  });

  route(fastify, INVOICE_ENDPOINTS.create, (request) => createInvoice(db, requireAuth(request), request.body));

  route(fastify, INVOICE_ENDPOINTS.get, (request) => getInvoiceDetail(db, requireAuth(request), request.params.id));

  route(fastify, INVOICE_ENDPOINTS.pdf, async (request, reply) => {
    const user = requireAuth(request);
    const invoice = await getInvoiceDetail(db, user, request.params.id);
    if (invoice.kind === 'uploaded') {
      if (!invoice.file) return reply.status(404).send({ message: 'Not found' });
      return reply.redirect(contentUrl(invoice.file.id), 302);
    }
    return sendPdf(reply, renderInvoicePdf(invoice, toLanguage(user.language), await companyDetails(db, deps.config)), `${invoice.number}.pdf`);
  });

  route(fastify, INVOICE_ENDPOINTS.update, (request) => updateDraft(db, requireAuth(request), request.params.id, request.body));

  route(fastify, INVOICE_ENDPOINTS.delete, async (request) => {
    await deleteDraft(db, requireAuth(request), request.params.id);
  });

  route(fastify, INVOICE_ENDPOINTS.issue, (request) => issueInvoice(db, requireAuth(request), request.params.id));

  route(fastify, INVOICE_ENDPOINTS.void, (request) => voidInvoice(db, requireAuth(request), request.params.id, request.body.reason));

  route(fastify, INVOICE_ENDPOINTS.recordPayment, (request) => recordPayment(db, requireAuth(request), request.params.id, request.body));
};
