export * from './roles.js';
export * from './access.js';
export * from './constants.js';
export * from './validation.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/customers.js';
