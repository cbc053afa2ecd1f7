import { describe, expect, it } from 'vitest';
import { codeForHttpStatus, humanMessage } from '../../src/lib/callErrors';

describe('callable failures', () => {
  it.each([
    [400, 'invalid-argument'], [401, 'unauthenticated'], [403, 'permission-denied'], [404, 'not-found'],
    [409, 'aborted'], [429, 'resource-exhausted'], [499, 'cancelled'], [501, 'unimplemented'],
    [503, 'unavailable'], [504, 'deadline-exceeded'], [0, 'internal'], [500, 'internal'], [418, 'unknown'], [502, 'unknown'],
  ])('maps HTTP %i to %s', (status, code) => {
    expect(codeForHttpStatus(status)).toBe(code);
  });

  it("uses the server's own words when it gave some, else a plain sentence", () => {
    expect(humanMessage('aborted', 'Prices changed, please review.')).toBe('Prices changed, please review.');
    expect(humanMessage('internal', 'INTERNAL')).toBe('Something went wrong on our side. Please try again.');
    expect(humanMessage('unavailable')).toMatch(/connection/);
  });
});
