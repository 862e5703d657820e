import { describe, expect, it } from 'vitest';
import { createProjectInput, updateTaskInput } from '../../../../../shared/schemas/project';
import { ApiError } from '../../../lib/api-client';
import { checkedBody } from './projects-api';

describe('checkedBody', () => {
  it('returns the parsed body with the defaults the server would apply', () => {
    expect(checkedBody(createProjectInput, { name: '  Launch  ' })).toEqual({
      name: 'Launch',
      description: '',
      color: '#3B82F6',
      deadline: null,
      priority: 'medium',
      preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
  });

  it("throws the server's 400 shape, naming each field", () => {
    let caught: unknown;
    try {
      checkedBody(createProjectInput, { name: ' ', color: 'blue', deadline: '23/11/2026' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    const error = caught as ApiError;
    expect(error.status).toBe(400);
    expect(error.fieldMessage('name')).toBe('Project Name is required');
    expect(error.fieldMessage('color')).toMatch(/hex colour/);
    expect(error.fieldMessage('deadline')).toBe('Must be a date in the form YYYY-MM-DD');
  });

  it('refuses a time estimate off the 15-minute step', () => {
    expect(() => checkedBody(updateTaskInput, { version: 1, timeEstimate: 20 })).toThrow(/steps of 15/);
  });
});
