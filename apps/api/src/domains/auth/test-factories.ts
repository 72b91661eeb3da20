// Signed-in test clients for other domains' tests.
export * from './auth-test-client.js';
