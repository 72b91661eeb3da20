import { defineEndpoint, fileAnswer, jsonOrFile } from '../contract.js';
import { performanceReportQuerySchema, performanceReportSchema, reportListSchema } from '../schemas/reports.js';

const tags = ['reports'] as const;

/** `/api/reports`: the reports staff may run, and the performance report (JSON, CSV, XLSX, PDF). */
export const REPORTS_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/reports',
    access: 'staff',
    tags,
    summary: 'Reports I may run, with their parameters',
    response: reportListSchema,
  }),
  performance: defineEndpoint({
    method: 'GET',
    path: '/api/reports/performance',
    access: 'staff',
    tags,
    summary: 'Performance report in my scope for a date range and a grouping; format=csv|xlsx downloads it, format=pdf is a printable summary',
    query: performanceReportQuerySchema,
    response: jsonOrFile(
      performanceReportSchema,
      fileAnswer(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'], 'format=csv, xlsx or pdf: the report as a file'),
    ),
  }),
};
