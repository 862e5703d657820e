import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '../../shared/schemas/project.js';
import { config, createTeam, queryTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/** New tasks, and comments, written together in one transaction (an import's chunk, issue 39): all of them counted, or none written. */

type Children = typeof import('../../functions/data/project-children.js');
type Comments = typeof import('../../functions/data/comments.js');
let children: Children;
let comments: Comments;

beforeAll(async () => {
  useTestTable();
  children = await import('../../functions/data/project-children.js');
  comments = await import('../../functions/data/comments.js');
});

const newTask = (projectId: string, createdBy: string, fields: Partial<TaskView> = {}): TaskView => {
  const id = `together-${Math.random().toString(36).slice(2, 12)}`;
  const now = new Date().toISOString();
  return { id, projectId, title: id, description: '', status: 'todo', completed: false, completedAt: null, priority: 'medium', dueDate: null, timeEstimate: null, assignedTo: null, createdBy, createdAt: now, updatedAt: now, position: 0, version: 1, ...fields };
};

describe('tasks written together', () => {
  it('writes tasks and sub-tasks with one count per project and per parent, and writes none when one person is no member', async () => {
    const team = await createTeam();
    const api = projectApi(config, team.owner);
    const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
    const parent = await api.createTask(team.workspaceId, project.id, { title: 'Parent' });
    const tasks = [
      newTask(project.id, team.owner.userId, { assignedTo: team.member.userId }),
      newTask(project.id, team.admin.userId, { status: 'completed', completed: true, completedAt: new Date().toISOString() }),
      newTask(project.id, team.owner.userId, { parentId: parent.id }),
      newTask(project.id, team.owner.userId, { parentId: parent.id }),
    ];
    expect(children.tasksTogetherItems(tasks)).toBe(4 + 1 + 3 + 2);
    expect(await children.createTasksTogether(team.workspaceId, tasks, { importId: 'import-1' })).toBe('written');
    const summary = await api.getProject(team.workspaceId, project.id);
    expect([summary.taskCount, summary.completedTaskCount]).toEqual([5, 1]);
    const subtaskCount = await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `PROJ#${team.workspaceId}#${project.id}`, ':sk': `SUBTASKS#${parent.id}` } });
    expect(subtaskCount[0]?.count).toBe(2);

    // Someone who is no member: the transaction is refused whole, nothing written, the counts as they were.
    const refused = [newTask(project.id, team.owner.userId), newTask(project.id, 'not-a-member')];
    expect(await children.createTasksTogether(team.workspaceId, refused)).toBe('author-not-member');
    const after = await api.getProject(team.workspaceId, project.id);
    expect(after.taskCount).toBe(5);
    const stored = await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `PROJ#${team.workspaceId}#${project.id}`, ':sk': `TASK#${refused[0]?.id ?? ''}` } });
    expect(stored).toEqual([]);
  });

  it('writes comments with one count per task (its version moved as many), and none when a task is missing', async () => {
    const team = await createTeam();
    const api = projectApi(config, team.owner);
    const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
    const [first, second] = await Promise.all([api.createTask(team.workspaceId, project.id, { title: 'One' }), api.createTask(team.workspaceId, project.id, { title: 'Two' })]);
    const now = new Date().toISOString();
    const on = (taskId: string, body: string) => ({
      place: { workspaceId: team.workspaceId, projectId: project.id, taskId },
      comment: { id: `c-${Math.random().toString(36).slice(2, 12)}`, taskId, authorId: team.owner.userId, body, mentions: [], createdAt: now, updatedAt: now, edited: false },
    });
    expect(await comments.createCommentsTogether([on(first?.id ?? '', 'a'), on(first?.id ?? '', 'b'), on(second?.id ?? '', 'c')])).toBe('written');
    const items = await api.getProjectWithItems(team.workspaceId, project.id);
    const one = items.tasks.find((task) => task.id === first?.id);
    expect([one?.commentCount, one?.version]).toEqual([2, (first?.version ?? 0) + 2]);
    expect(items.tasks.find((task) => task.id === second?.id)?.commentCount).toBe(1);

    expect(await comments.createCommentsTogether([on(first?.id ?? '', 'd'), on('no-such-task', 'e')])).toBe('no-subject');
    const after = await api.getProjectWithItems(team.workspaceId, project.id);
    expect(after.tasks.find((task) => task.id === first?.id)?.commentCount).toBe(2);
  });
});
