import { describe, expect, it } from 'vitest';
import { deleteProjectConfirmation } from './use-project-actions';

describe('deleteProjectConfirmation', () => {
  const project = (taskCount: number, milestoneCount: number, noteCount: number) => ({ name: 'Apollo', taskCount, milestoneCount, noteCount });

  it('names the project and what goes with it', () => {
    expect(deleteProjectConfirmation(project(6, 2, 1))).toBe(
      'Are you sure you want to delete Apollo? Its 6 tasks, 2 milestones and 1 note are deleted with it. The project waits in the Trash for 30 days.',
    );
    expect(deleteProjectConfirmation(project(1, 0, 0))).toBe('Are you sure you want to delete Apollo? Its 1 task is deleted with it. The project waits in the Trash for 30 days.');
    expect(deleteProjectConfirmation(project(0, 3, 0))).toBe('Are you sure you want to delete Apollo? Its 3 milestones are deleted with it. The project waits in the Trash for 30 days.');
    expect(deleteProjectConfirmation(project(1, 0, 1))).toBe('Are you sure you want to delete Apollo? Its 1 task and 1 note are deleted with it. The project waits in the Trash for 30 days.');
  });

  it('says so when the project holds nothing', () => {
    expect(deleteProjectConfirmation(project(0, 0, 0))).toBe('Are you sure you want to delete Apollo? It holds no tasks, milestones or notes. The project waits in the Trash for 30 days.');
  });
});
