import { describe, expect, it } from 'vitest';
import { validateCreateWorkspace } from './create-workspace';

describe('validateCreateWorkspace', () => {
  it('accepts a name', () => {
    expect(validateCreateWorkspace({ name: 'Acme' })).toEqual({});
  });

  it('requires a name', () => {
    expect(validateCreateWorkspace({ name: '   ' })).toEqual({ name: 'Workspace Name is required' });
  });

  it('caps the length', () => {
    expect(validateCreateWorkspace({ name: 'x'.repeat(101) })).toEqual({ name: 'Workspace Name must be at most 100 characters' });
  });

  it('needs a letter or digit', () => {
    expect(validateCreateWorkspace({ name: '!!!' })).toEqual({ name: 'Workspace Name must contain a letter or a digit' });
  });
});
