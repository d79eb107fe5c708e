import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { shouldRetry } from './trpc';

const answered = (httpStatus: number) =>
  TRPCClientError.from({ error: { message: 'no', code: -32600, data: { code: 'BAD_REQUEST', httpStatus } } });

describe('retrying queries', () => {
  it('asks again after an outage, three times at most', () => {
    expect(shouldRetry(0, answered(500))).toBe(true);
    expect(shouldRetry(2, answered(503))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(3, new TypeError('Failed to fetch'))).toBe(false);
  });

  it.each([400, 401, 404, 429])('never asks again after a %i refusal', (status) => {
    expect(shouldRetry(0, answered(status))).toBe(false);
  });
});
