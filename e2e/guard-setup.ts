import { afterEach } from 'vitest';
import { takeUnexpectedProblems } from './problem-guard.js';

// Runs after every end-to-end test (vitest setupFiles): a console error or an unexpected failed
// request anywhere in the test fails it, with the list of what went wrong.
afterEach(() => {
  const problems = takeUnexpectedProblems();
  if (problems.length > 0) {
    throw new Error(`The browser met problems nobody expected:\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
  }
});
