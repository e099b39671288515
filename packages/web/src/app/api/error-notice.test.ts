import { describe, expect, it } from 'vitest';
import { ApiFailure } from './api-failure.ts';
import { errorNotice } from './error-notice.ts';

const failure = (status: number, body: Record<string, unknown>) => new ApiFailure(status, body, 'GET', '/api/x');

describe('error catalogue of the client', () => {
  it('shows 499 and a 409 rejection reason as warnings', () => {
    expect(errorNotice(failure(499, { message: 'Cancelled by the user' }), true)).toEqual({
      level: 'warning',
      message: 'Cancelled by the user',
    });
    expect(errorNotice(failure(409, { message: 'x', rejectionReason: 'Already invoiced' }), true)).toEqual({
      level: 'warning',
      message: 'Already invoiced',
    });
  });

  it('shows a save over a newer version as a conflict warning with the server message', () => {
    const message =
      'Entity Contract with identifier CT000001 was modified by someone else (version 1 expected, 2 found)';
    expect(errorNotice(failure(409, { code: 'VERSION_CONFLICT', message }), true)).toEqual({
      level: 'warning',
      message: 'Someone else changed this record: reload it to see their changes',
      description: `${message} (409)`,
      duration: 15,
    });
    expect(
      errorNotice(
        failure(412, {
          code: 'PRECONDITION_FAILED',
          message: 'Entity Contract with identifier CT000001 is at version 2, not 1',
        }),
        true,
      ).level,
    ).toBe('warning');
  });

  it('joins an errors list and shows it 15 s with the status', () => {
    expect(errorNotice(failure(400, { errors: ['a is wrong', { message: 'b is wrong' }] }), true)).toEqual({
      level: 'error',
      message: 'a is wrong, b is wrong (400)',
      duration: 15,
    });
  });

  it('shows other errors as "Oops, something went wrong" with the message and status', () => {
    expect(
      errorNotice(failure(403, { code: 'FORBIDDEN', message: 'Permission read contracts required' }), true),
    ).toEqual({
      level: 'error',
      message: 'Oops, something went wrong',
      description: 'Permission read contracts required (403)',
      duration: 15,
    });
    expect(errorNotice(failure(500, { message: 'Unavailable software' }), true).description).toBe(
      'Unavailable software (500)',
    );
  });

  it('tells a network error apart from being offline', () => {
    expect(errorNotice(failure(0, {}), true).message).toBe('Network error: Check your internet connection');
    expect(errorNotice(failure(0, {}), false).message).toBe(
      'You are in offline mode, some features requiring network connectivity are not available.',
    );
  });
});
