import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { taskPage } from '../../shared/schemas/task-index.js';
import { tabQueries, taskTabs } from '../../web/src/features/projects/utils/task-tabs.js';
import { config, newAccount } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

describe('the tabs of /tasks through the task index', () => {
  it('each tab asks the index a question that answers exactly its tasks', async () => {
    const api = projectApi(config, await newAccount());
    const workspaceId = await api.createWorkspace('Tabs');
    const project = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
    const today = todayIn('UTC');
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Overdue', dueDate: addDays(today, -2) }),
      api.createTask(workspaceId, project, { title: 'Today', dueDate: today, status: 'in_progress' }),
      api.createTask(workspaceId, project, { title: 'Tomorrow', dueDate: addDays(today, 1) }),
      api.createTask(workspaceId, project, { title: 'Undated' }),
      api.createTask(workspaceId, project, { title: 'Done', dueDate: today, status: 'completed' }),
    ]);

    const titlesOf = async (tab: (typeof taskTabs)[number]) => {
      const titles: string[] = [];
      for (const query of tabQueries(tab, today)) {
        const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
        const page = taskPage.parse((await api.call('GET', `/workspaces/${workspaceId}/tasks?${search.toString()}`)).body);
        titles.push(...page.tasks.map((task) => task.title));
      }
      return titles;
    };
    expect(await titlesOf('today')).toEqual(['Today', 'Overdue']); // today's first, then the overdue
    expect((await titlesOf('all')).sort()).toEqual(['Overdue', 'Today', 'Tomorrow', 'Undated'].sort());
    expect((await titlesOf('all'))[0]).toBe('Today'); // In Progress first
    expect(await titlesOf('upcoming')).toEqual(['Tomorrow']);
    expect(await titlesOf('completed')).toEqual(['Done']);
  });
});
