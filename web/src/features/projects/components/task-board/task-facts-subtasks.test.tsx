import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskFacts } from './task-card';

const parent = aTask({ id: 'parent', projectId: 'p1', title: 'Launch' });
const done = aTask({ id: 's1', projectId: 'p1', parentId: 'parent', completed: true, status: 'completed' });
const open = aTask({ id: 's2', projectId: 'p1', parentId: 'parent' });

describe("a task's facts among sub-tasks (issue 36)", () => {
  it("names a sub-task's parent, read from its project, and shows the parent's progress", async () => {
    server.use(http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: [parent, done, open], milestones: [], notes: [] })));
    renderWithApp(
      <>
        <TaskFacts task={open} />
        <TaskFacts task={parent} />
      </>,
      { workspace: workspaceView() },
    );
    expect(await screen.findByText('Sub-task of Launch')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 sub-tasks done')).toBeInTheDocument();
    expect(screen.getByText('1/2')).toHaveAttribute('aria-hidden', 'true');
  });
});
