import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { priorities, taskStatuses, type MilestoneView, type NoteView, type TaskRepeat, type TaskStatus, type TaskView } from '../shared/schemas/project.js';

/**
 * Seeds a workspace for a bench straight into the table with the data layer's own item builders
 * (BatchWrites: thousands of tasks through the API would take minutes and measure nothing of interest).
 * Each project holds its tasks (by default spread over the three columns, all assigned to the user, 60
 * minutes each), 3 milestones and 2 notes.
 */
export interface TaskShape {
  /** The columns the tasks cycle through. */
  readonly statuses: readonly TaskStatus[];
  readonly timeEstimate: number;
  /** Every n-th task is assigned to the user, the rest unassigned; 1 assigns all, 0 none. */
  readonly assignEvery: number;
  /** A repeat rule on every task (issue 36). */
  readonly repeat?: TaskRepeat;
}

const defaultShape: TaskShape = { statuses: taskStatuses, timeEstimate: 60, assignEvery: 1 };
const TABLE = 'taskflow-bench';

const now = new Date().toISOString();
const description = 'A task description of ordinary length, a sentence or two about what needs doing and why. '.repeat(2);

function seedProject(workspaceId: string, index: number, tasksPerProject: number, userId: string, shape: TaskShape) {
  const id = randomUUID();
  const tasks: TaskView[] = Array.from({ length: tasksPerProject }, (_, taskIndex) => {
    const status = shape.statuses[taskIndex % shape.statuses.length] ?? 'todo';
    return {
      id: randomUUID(),
      projectId: id,
      title: `Task ${taskIndex} of project ${index}`,
      description,
      status,
      completed: status === 'completed',
      completedAt: status === 'completed' ? now : null,
      priority: priorities[taskIndex % priorities.length] ?? 'medium',
      dueDate: '2026-12-15',
      timeEstimate: shape.timeEstimate,
      assignedTo: shape.assignEvery > 0 && taskIndex % shape.assignEvery === 0 ? userId : null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      position: (taskIndex + 1) * 1024,
      version: 1,
      ...(shape.repeat ? { repeat: shape.repeat } : {}),
    };
  });
  const milestones: MilestoneView[] = [1, 2, 3].map((month) => ({
    id: randomUUID(),
    projectId: id,
    title: `Milestone ${month}`,
    description: '',
    dueDate: `2027-0${month}-01`,
    completed: false,
    completedAt: null,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }));
  const notes: NoteView[] = [1, 2].map((noteIndex) => ({
    id: randomUUID(),
    projectId: id,
    title: `Note ${noteIndex}`,
    content: '## Minutes\n\n- decided this\n- and that\n'.repeat(20),
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }));
  const project = {
    id,
    workspaceId,
    name: `Project ${index}`,
    description: 'Seeded by bench/seed-workspace.ts',
    color: '#3B82F6',
    deadline: '2027-01-31',
    priority: priorities[index % priorities.length] ?? 'medium',
    isFavorite: index === 0,
    archived: false,
    archivedAt: null,
    preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as ('monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday')[],
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
    taskCount: tasks.length,
    completedTaskCount: tasks.filter((task) => task.completed).length,
    milestoneCount: milestones.length,
    noteCount: notes.length,
    commentCount: 0,
    countsRevision: 0,
  };
  return { project, tasks, milestones, notes };
}


export async function seedWorkspace(workspaceId: string, userId: string, projectCount: number, tasksPerProject: number, shape: Partial<TaskShape> = {}) {
  const { documentClient } = await import('../functions/data/client.js');
  const { childItem } = await import('../functions/data/project-children.js');
  const { projectItem } = await import('../functions/data/projects.js');
  const seeded = Array.from({ length: projectCount }, (_, index) => seedProject(workspaceId, index, tasksPerProject, userId, { ...defaultShape, ...shape }));
  const items = seeded.flatMap(({ project, tasks, milestones, notes }) => [
    projectItem(project),
    ...tasks.map((task) => childItem('task', workspaceId, task)),
    ...milestones.map((milestone) => childItem('milestone', workspaceId, milestone)),
    ...notes.map((note) => childItem('note', workspaceId, note)),
  ]);
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
      requests = (result.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
    }
  }
  return { seeded, itemCount: items.length };
}
