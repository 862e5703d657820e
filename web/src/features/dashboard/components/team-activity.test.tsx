import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityView } from '@shared/schemas/dashboard';
import { renderWithApp } from '@/testing/render';
import { TeamActivity } from './team-activity';

const created = (id: string, subject: string, extra: Partial<ActivityView> = {}): ActivityView => ({
  id,
  type: 'task_created',
  actorName: 'Ana',
  subject,
  projectId: 'p1',
  itemId: `task-${id}`,
  targetName: null,
  at: new Date().toISOString(),
  ...extra,
});

describe('Team Activity', () => {
  it('links an event to its task, and says a deleted or undone one is gone instead of linking to nothing', () => {
    renderWithApp(<TeamActivity activity={[created('e2', 'Draft budget', { gone: true }), created('e1', 'Draft budget')]} />);
    const links = screen.getAllByRole('link', { name: 'Draft budget' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/projects/p1/tasks/task-e1');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('created the task Draft budget (deleted)');
  });
});
