// Every e2e test fails when a page it visited reported a Content-Security-Policy violation; a failed
// test prints what its open pages showed (on CI, the only picture of where it stood).
import { afterEach, expect } from 'vitest';
import { describeOpenPages, takePolicyViolations } from './support/browser';

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(`What the open pages showed when "${task.name}" failed:\n${await describeOpenPages()}`);
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([]);
});
