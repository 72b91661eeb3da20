import { defineModule } from '../../modules/domain-module.js';
import { employeeRoutes } from './routes.js';

export const employeesModule = defineModule({ name: 'employees', routes: [employeeRoutes] });
