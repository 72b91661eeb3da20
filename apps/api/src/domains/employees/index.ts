import { defineModule } from '../../modules/domain-module.js';
import { staffFileVisible } from '../files/index.js';
import { employeeRoutes } from './routes.js';
import { STAFF_PHOTO_OWNER } from './service.js';

export const employeesModule = defineModule({
  name: 'employees',
  routes: [employeeRoutes],
  files: { ownerTypes: [STAFF_PHOTO_OWNER], canSeeFiles: staffFileVisible },
});
