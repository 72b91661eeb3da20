import { afterAll, afterEach } from 'vitest';
import { dropScratch, settleArtifacts } from './failure-artifacts.js';
import { takeUnexpectedProblems } from './problem-guard.js';

// Runs after every end-to-end test (vitest setupFiles). A console error or an unexpected failed
// request anywhere in the test fails it, with the list of what went wrong; a failed test leaves its
// trace and screenshots in test-results/e2e/.
afterEach(async ({ task }) => {
  const problems = takeUnexpectedProblems();
  const failed = task.result?.state === 'fail' || problems.length > 0;
  const saved = await settleArtifacts(failed, task.file.filepath, task.name);
  if (saved) console.error(`Trace and screenshots of "${task.name}": ${saved}`);
  if (problems.length > 0) {
    throw new Error(`The browser met problems nobody expected:\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
  }
});

afterAll(() => dropScratch());
