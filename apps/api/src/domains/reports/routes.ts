import type { FastifyPluginAsync } from 'fastify';
import { REPORT_FORMATS, REPORT_GROUPINGS, REPORT_MAX_DAYS, REPORTS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { requestLanguage } from '../../http/request-language.js';
import { perLanguage } from '../../lib/i18n.js';
import { MODULES } from '../../modules/registry.js';
import { sendCsv, sendDownload } from '../../lib/download.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { companyDetails } from '../company-settings/index.js';
import { reportCsv, reportXlsx } from './export.js';
import { reportPdf } from './pdf.js';
import { runPerformanceReport } from './service.js';

const TITLES = perLanguage('server/reports:routes.titles');

/** `/api/reports`: the reports staff may run, and the performance report (JSON, CSV, XLSX). */
export const reportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, REPORTS_ENDPOINTS.list, async (request) => ({
    data: [{ id: 'performance', title: TITLES[requestLanguage(request)], groupings: [...REPORT_GROUPINGS], formats: [...REPORT_FORMATS], maxDays: REPORT_MAX_DAYS }],
  }));

  route(app, REPORTS_ENDPOINTS.performance, async (request, reply) => {
    const query = request.query;
    const report = await runPerformanceReport(deps.database.db, MODULES, requireAuth(request), requestLanguage(request), query);
    const name = `performance-${query.groupBy}-${query.from}-${query.to}`;
    if (query.format === 'csv') {
      return sendCsv(reply, reportCsv(report), `${name}.csv`);
    }
    if (query.format === 'xlsx') {
      return sendDownload(reply, await reportXlsx(report), { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${name}.xlsx` });
    }
    if (query.format === 'pdf') {
      return sendPdf(reply, reportPdf(report, requestLanguage(request), await companyDetails(deps.database.db, deps.config)), `${name}.pdf`, 'attachment');
    }
    return report;
  });
};
