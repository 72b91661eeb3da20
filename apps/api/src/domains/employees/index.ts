import { defineModule } from '../../modules/domain-module.js';
import { staffPhotoFiles } from './file-visibility.js';
import { employeeRoutes } from './routes.js';

export const employeesModule = defineModule({
  name: 'employees',
  routes: [employeeRoutes],
  files: staffPhotoFiles,
});

// What other domains use: a photo a person uploaded becomes their staff photo (settings → profile).
export { attachStaffPhoto } from './service.js';
