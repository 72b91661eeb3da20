import { defineEndpoint } from '../contract.js';
import { dashboardQuerySchema, dashboardSchema } from '../schemas/dashboard.js';

const tags = ['dashboard'] as const;

/** `/api/Dashboard`: the tiles every domain module contributes, in the caller's scope. */
export const DASHBOARD_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Dashboard',
    access: 'authenticated',
    tags,
    summary: 'Dashboard tiles: staff see their scope (optionally one customer); customer-side users one property (customerId required)',
    query: dashboardQuerySchema,
    response: dashboardSchema,
  }),
};
