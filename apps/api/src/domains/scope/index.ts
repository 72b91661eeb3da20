export * from './customer-scope.js';
