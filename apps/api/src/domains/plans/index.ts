import { defineModule } from '../../modules/domain-module.js';
import { planDailyJob } from './jobs.js';
import { planRoutes } from './plan-routes.js';
import { planTemplateRoutes } from './template-routes.js';

/** Quarterly (90-day) plans and plan templates (issue 11). */
export const plansModule = defineModule({ name: 'plans', routes: [planTemplateRoutes, planRoutes], jobs: [planDailyJob] });
