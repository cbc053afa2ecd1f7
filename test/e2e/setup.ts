// Every e2e test fails when a page it visited reported a Content-Security-Policy violation.
import { afterEach, expect } from 'vitest';
import { takePolicyViolations } from './support/browser';

afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([]);
});
