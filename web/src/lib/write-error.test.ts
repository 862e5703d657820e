import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { CONFLICT_MESSAGE, VALIDATION_MESSAGE, writeError } from './write-error';

describe('writeError', () => {
  it('maps a 400 with fields to field messages', () => {
    const error = new ApiError(400, 'Validation failed', [
      { field: 'title', message: 'Title is required' },
      { field: 'title', message: 'second' },
      { field: 'timeEstimate', message: 'Time estimate must be in steps of 15 minutes' },
    ]);
    expect(writeError(error, 'Failed')).toEqual({
      message: VALIDATION_MESSAGE,
      fields: { title: 'Title is required', timeEstimate: 'Time estimate must be in steps of 15 minutes' },
    });
  });

  it('explains a 409 as someone else’s change', () => {
    expect(writeError(new ApiError(409, 'Conflict'), 'Failed')).toEqual({ message: CONFLICT_MESSAGE, fields: {} });
  });

  it('shows a 4xx message, and the fallback for server failures, lost connections and unknown errors', () => {
    expect(writeError(new ApiError(404, 'Task not found'), 'Failed').message).toBe('Task not found');
    expect(writeError(new ApiError(500, 'Internal error'), 'Failed').message).toBe('Failed');
    expect(writeError(new ApiError(0, 'The server could not be reached'), 'Failed').message).toBe('Failed');
    expect(writeError(new Error('boom'), 'Failed').message).toBe('Failed');
  });
});
