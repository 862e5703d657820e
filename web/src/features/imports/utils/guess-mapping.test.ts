import { describe, expect, it } from 'vitest';
import { guessMapping } from './guess-mapping';

describe('guessMapping (the CSV mapping step, issue 39)', () => {
  it('maps headers named as the fields are, whatever their case, spaces or punctuation', () => {
    expect(guessMapping(['Title', 'Description', 'Project', 'Status', 'Priority', 'Due Date', 'Assignee', 'Labels', 'Parent Task', 'Comments'])).toEqual({
      title: 'Title',
      description: 'Description',
      project: 'Project',
      status: 'Status',
      priority: 'Priority',
      dueDate: 'Due Date',
      assignee: 'Assignee',
      labels: 'Labels',
      parent: 'Parent Task',
      comments: 'Comments',
    });
    expect(guessMapping(['due_date', 'TASK NAME', 'tags'])).toEqual({ dueDate: 'due_date', title: 'TASK NAME', labels: 'tags' });
  });

  it('knows other tools’ names for a field, and finds a name inside a longer header', () => {
    expect(guessMapping(['Name', 'Notes', 'Section/Column', 'Assigned To', 'Deadline'])).toEqual({
      title: 'Name',
      description: 'Notes',
      project: 'Section/Column',
      assignee: 'Assigned To',
      dueDate: 'Deadline',
    });
    expect(guessMapping(['Task Title', 'Current Status'])).toEqual({ title: 'Task Title', status: 'Current Status' });
  });

  it('prefers an exact name to one inside a header, and gives a column to one field only', () => {
    // "Task Title" holds "title", but "Title" is the title itself.
    expect(guessMapping(['Task Title', 'Title']).title).toBe('Title');
    // "Project Name" could be the project or a title (it holds "name"): the project takes it, the title stays unmapped.
    expect(guessMapping(['Project Name'])).toEqual({ project: 'Project Name' });
  });

  it('leaves unknown columns out, and guesses nothing from no header', () => {
    expect(guessMapping(['Foo', 'Bar', '42'])).toEqual({});
    expect(guessMapping([])).toEqual({});
  });
});
