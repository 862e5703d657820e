import { describe, expect, it } from 'vitest';
import { contentTypeOf, refusalOf } from './task-attachments';

describe("a file's content type before it is attached", () => {
  it("is the browser's, or, where the browser names none, the one its extension names", () => {
    expect(contentTypeOf({ name: 'photo.png', type: 'image/png' })).toBe('image/png');
    expect(contentTypeOf({ name: 'Notes.MD', type: '' })).toBe('text/markdown');
    expect(contentTypeOf({ name: 'data.csv', type: '' })).toBe('text/csv');
    expect(contentTypeOf({ name: 'README', type: '' })).toBe('');
    expect(contentTypeOf({ name: 'tool.exe', type: '' })).toBe('');
  });

  it('lets a Markdown file the browser left untyped through, and refuses an unknown one', () => {
    expect(refusalOf(new File(['# Plan'], 'plan.md', { type: '' }))).toBeUndefined();
    expect(refusalOf(new File(['MZ'], 'tool.exe', { type: '' }))).toBeDefined();
  });
});
