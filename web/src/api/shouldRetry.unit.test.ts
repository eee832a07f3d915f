import { describe, expect, it } from 'vitest';
import { ApiFailure } from './envelope';
import { shouldRetry } from './shouldRetry';

const failure = (status: number) => new ApiFailure(status, { ok: false, msg: 'x', errors: {} });

describe('shouldRetry', () => {
  it('gives up at once on a refusal (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetry(0, failure(status))).toBe(false);
  });
  it('tries a network failure or a server error three times', () => {
    for (const error of [failure(0), failure(500), failure(503), new Error('offline')]) {
      expect([0, 1, 2, 3].map((n) => shouldRetry(n, error))).toEqual([true, true, true, false]);
    }
  });
});
