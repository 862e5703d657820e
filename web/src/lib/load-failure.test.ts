import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isMissing, loadFailure, readFailure } from './load-failure';

describe('loadFailure', () => {
  it('tells an unreachable server apart from a server fault', () => {
    expect(loadFailure(new ApiError(0, 'The server could not be reached')).kind).toBe('offline');
    expect(loadFailure(new ApiError(503, 'Request failed with status 503', [], false)).kind).toBe('unavailable');
    expect(loadFailure(new ApiError(500, 'Internal error')).kind).toBe('unavailable');
  });

  it('names only real answers about the thing as missing or forbidden', () => {
    expect(loadFailure(new ApiError(404, 'Workspace not found')).kind).toBe('missing');
    expect(loadFailure(new ApiError(403, 'Forbidden')).kind).toBe('forbidden');
  });

  it('treats an unreadable answer or a non-API error as a failure to load, not as missing', () => {
    expect(loadFailure(new ApiError(200, 'The server sent an unexpected response')).kind).toBe('unavailable');
    expect(loadFailure(new TypeError('boom')).kind).toBe('unavailable');
    expect(isMissing(new TypeError('boom'))).toBe(false);
    expect(isMissing(new ApiError(0, 'offline'))).toBe(false);
    expect(isMissing(new ApiError(404, 'Project not found'))).toBe(true);
  });

  it('gives every kind a plain sentence', () => {
    expect(loadFailure(new ApiError(0, 'x')).detail).toMatch(/could not be reached/);
    expect(loadFailure(new ApiError(502, 'x')).detail).toMatch(/Try again/);
  });
});

describe('readFailure', () => {
  const down = new ApiError(503, 'Service unavailable');
  const read = (state: Partial<Parameters<typeof readFailure>[0]>) => readFailure({ data: undefined, isError: false, failureCount: 0, error: null, failureReason: null, ...state });

  it('says nothing while the first try or its first retry is under way', () => {
    expect(read({})).toBeNull();
    expect(read({ failureCount: 1, failureReason: down })).toBeNull();
  });

  it('reports the failure once the first retry failed too, while the last try goes on', () => {
    expect(read({ failureCount: 2, failureReason: down })).toEqual({ error: down });
    expect(read({ isError: true, failureCount: 3, error: down })).toEqual({ error: down });
  });

  it('says nothing once there is data, whatever a later refresh did', () => {
    expect(read({ data: [], isError: true, error: down, failureCount: 3 })).toBeNull();
  });
});
