import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask } from '@shared/testing/project-views';
import type { ProjectItems, ProjectSummary } from '@shared/schemas/project';
import { memberKeys } from '@/features/members/api/workspace-members';
import { STALE_REFETCH_INTERVAL_MS } from '@/lib/stale-queries';
import { taskIndexKeys } from '@/features/projects/api/task-index-cache';
import { assistantKeys } from '@/features/assistant/api/query-keys';
import { projectKeys } from '@/features/projects/api/query-keys';
import { savedPlanKey } from '@/features/weekly-plan/api/weekly-plan';
import { FIRST_SUBSCRIPTION_GRACE_MS, applyPush } from './realtime-sync';
import { labelKeys } from '@/features/labels';
import { inboxKeys } from '@/features/inbox/api/inbox';

/** A cache holding workspace w1's list and project p1's items, every entry fresh. */
function cache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(projectKeys.list('w1'), [aProject({ id: 'p1', version: 3 })]);
  queryClient.setQueryData(projectKeys.items('w1', 'p1'), { tasks: [aTask({ id: 't1', version: 2 })], milestones: [], notes: [] });
  queryClient.setQueryData(memberKeys.members('w1'), []);
  return queryClient;
}

const stale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('applyPush', () => {
  it("reloads the user's inbox (its count and list) on inbox.changed, and nothing of the workspaces", () => {
    const queryClient = cache();
    queryClient.setQueryData(inboxKeys.unread, { unread: 1 });
    queryClient.setQueryData(inboxKeys.list, { pages: [], pageParams: [] });
    applyPush(queryClient, { type: 'inbox.changed' });
    expect(stale(queryClient, inboxKeys.unread)).toBe(true);
    expect(stale(queryClient, inboxKeys.list)).toBe(true);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
  });

  it("reloads the user's conversation history and a changed conversation, and forgets a deleted one", () => {
    const queryClient = cache();
    for (const key of [assistantKeys.list('w1'), assistantKeys.conversation('w1', 'c1'), assistantKeys.conversation('w1', 'c2'), assistantKeys.conversation('w1', 'c3')]) {
      queryClient.setQueryData(key, {});
    }
    applyPush(queryClient, { type: 'conversations.changed', workspaceId: 'w1', changes: [{ id: 'c1' }, { id: 'c2', deleted: true }] });
    expect(stale(queryClient, assistantKeys.list('w1'))).toBe(true);
    expect(stale(queryClient, assistantKeys.conversation('w1', 'c1'))).toBe(true);
    expect(queryClient.getQueryState(assistantKeys.conversation('w1', 'c2'))).toBeUndefined();
    expect(stale(queryClient, assistantKeys.conversation('w1', 'c3'))).toBe(false);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
  });

  it('ignores the echo of a write the cache already shows, but for the dashboard (its activity feed may have grown)', () => {
    const queryClient = cache();
    const dashboard = [...taskIndexKeys.dashboard('w1'), '2026-11-23'];
    queryClient.setQueryData(dashboard, {});
    applyPush(queryClient, {
      type: 'workspace.changed',
      workspaceId: 'w1',
      changes: [
        { entity: 'task', id: 't1', projectId: 'p1', version: 2, item: aTask({ id: 't1', version: 2, title: 'Echo' }) },
        { entity: 'project', id: 'p1', version: 3, item: aProject({ id: 'p1', version: 3, name: 'Echo' }) },
      ],
    });
    expect(stale(queryClient, projectKeys.items('w1', 'p1'))).toBe(false);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
    expect(queryClient.getQueryData<ProjectItems>(projectKeys.items('w1', 'p1'))?.tasks[0]?.title).not.toBe('Echo');
    expect(queryClient.getQueryData<ProjectSummary[]>(projectKeys.list('w1'))?.[0]?.name).not.toBe('Echo');
    expect(stale(queryClient, dashboard)).toBe(true);
  });

  it("applies a teammate's change from the view the push carries, reading nothing", () => {
    const queryClient = cache();
    queryClient.setQueryData(projectKeys.items('w1', 'p2'), { tasks: [], milestones: [], notes: [] });
    applyPush(queryClient, {
      type: 'workspace.changed',
      workspaceId: 'w1',
      changes: [
        { entity: 'task', id: 't1', projectId: 'p1', version: 3, item: aTask({ id: 't1', version: 3, title: 'Renamed' }) },
        { entity: 'task', id: 't2', projectId: 'p1', version: 1, item: aTask({ id: 't2', version: 1, title: 'New', position: 1e9 }) },
        { entity: 'project', id: 'p1', version: 3, counts: { taskCount: 2, completedTaskCount: 0, milestoneCount: 0, noteCount: 0, commentCount: 0, countsRevision: 1 } },
      ],
    });
    expect(queryClient.getQueryData<ProjectItems>(projectKeys.items('w1', 'p1'))?.tasks.map((task) => task.title)).toEqual(['Renamed', 'New']);
    expect(queryClient.getQueryData<ProjectSummary[]>(projectKeys.list('w1'))?.[0]?.taskCount).toBe(2);
    for (const key of [projectKeys.items('w1', 'p1'), projectKeys.items('w1', 'p2'), projectKeys.list('w1'), memberKeys.members('w1')]) {
      expect(stale(queryClient, key)).toBe(false);
    }
  });

  it('reads the project again for an item the push could not carry (too large for a frame)', () => {
    const queryClient = cache();
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'note', id: 'n1', projectId: 'p1', version: 1 }] });
    expect(stale(queryClient, projectKeys.items('w1', 'p1'))).toBe(true);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
  });

  it('ignores a frame older than the cached copy, and a duplicate, for items and project counts alike', () => {
    const queryClient = cache();
    const taskChange = (version: number, title: string) =>
      ({ entity: 'task', id: 't1', projectId: 'p1', version, item: aTask({ id: 't1', version, title }) }) as const;
    const countsChange = (countsRevision: number, taskCount: number) =>
      ({ entity: 'project', id: 'p1', version: 3, counts: { taskCount, completedTaskCount: 0, milestoneCount: 0, noteCount: 0, commentCount: 0, countsRevision } }) as const;
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [taskChange(4, 'Fourth'), countsChange(2, 7)] });
    // Out of order: the writes before those, and the same frame again.
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [taskChange(3, 'Third'), countsChange(1, 6)] });
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [taskChange(4, 'Fourth'), countsChange(2, 7)] });
    expect(queryClient.getQueryData<ProjectItems>(projectKeys.items('w1', 'p1'))?.tasks).toEqual([aTask({ id: 't1', version: 4, title: 'Fourth' })]);
    expect(queryClient.getQueryData<ProjectSummary[]>(projectKeys.list('w1'))?.[0]).toMatchObject({ taskCount: 7, countsRevision: 2 });
    // The project's own edit (a newer version) wins over counts of the older version.
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'project', id: 'p1', version: 4, item: aProject({ id: 'p1', version: 4, name: 'Edited', taskCount: 7, countsRevision: 2 }) }] });
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [countsChange(3, 8)] });
    expect(queryClient.getQueryData<ProjectSummary[]>(projectKeys.list('w1'))?.[0]).toMatchObject({ name: 'Edited', taskCount: 7 });
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
    // Counts of a version this list never saw: an edit was missed, so the list is read again.
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ ...countsChange(9, 9), version: 6 }] });
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(true);
  });

  it('reads a query again when a push lands while a read of it, asked before the change, is under way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    let reads = 0;
    let answer: (items: ProjectItems) => void = () => undefined;
    const itemsKey = projectKeys.items('w1', 'p1');
    const unsubscribe = new QueryObserver(queryClient, {
      queryKey: itemsKey,
      queryFn: () => new Promise<ProjectItems>((resolve) => ((reads += 1), (answer = resolve))),
      staleTime: Infinity,
    }).subscribe(() => undefined);
    answer({ tasks: [aTask({ id: 't1', version: 1 })], milestones: [], notes: [] });
    await vi.waitFor(() => expect(queryClient.getQueryData(itemsKey)).toBeDefined());
    void queryClient.refetchQueries({ queryKey: itemsKey });
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'task', id: 't1', projectId: 'p1', version: 2, item: aTask({ id: 't1', version: 2 }) }] });
    expect(reads).toBe(2);
    answer({ tasks: [aTask({ id: 't1', version: 1 })], milestones: [], notes: [] }); // the older answer
    await vi.waitFor(() => expect(reads).toBe(3));
    answer({ tasks: [aTask({ id: 't1', version: 2 })], milestones: [], notes: [] });
    await vi.waitFor(() => expect(queryClient.getQueryData<ProjectItems>(itemsKey)?.tasks[0]?.version).toBe(2));
    unsubscribe();
  });

  it('takes a deleted item out of the cache without reading the project again', () => {
    const queryClient = cache();
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'task', id: 't1', projectId: 'p1', deleted: true }] });
    expect(queryClient.getQueryData<{ tasks: unknown[] }>(projectKeys.items('w1', 'p1'))?.tasks).toEqual([]);
    expect(stale(queryClient, projectKeys.items('w1', 'p1'))).toBe(false);
  });

  it("reloads the views across projects when a teammate deletes a task or note that the project's items, read earlier, never held", () => {
    const queryClient = cache();
    const calendar = [...taskIndexKeys.all('w1'), 'calendar', '2026-11-01', '2026-12-05'];
    queryClient.setQueryData(calendar, [aTask({ id: 't9', projectId: 'p1' })]);
    queryClient.setQueryData(projectKeys.notes('w1'), []);
    applyPush(queryClient, {
      type: 'workspace.changed',
      workspaceId: 'w1',
      changes: [
        { entity: 'task', id: 't9', projectId: 'p1', deleted: true },
        { entity: 'note', id: 'n9', projectId: 'p1', deleted: true },
      ],
    });
    expect(stale(queryClient, calendar)).toBe(true);
    expect(stale(queryClient, projectKeys.notes('w1'))).toBe(true);
    // The project's own items already do without them: not read again.
    expect(stale(queryClient, projectKeys.items('w1', 'p1'))).toBe(false);
  });

  it('drops a deleted project, reloads members on a member change and the saved plan on a plan change', () => {
    const queryClient = cache();
    applyPush(queryClient, {
      type: 'workspace.changed',
      workspaceId: 'w1',
      changes: [
        { entity: 'project', id: 'p1', deleted: true },
        { entity: 'member', id: 'u2' },
      ],
    });
    expect(queryClient.getQueryData(projectKeys.list('w1'))).toEqual([]);
    expect(queryClient.getQueryData(projectKeys.items('w1', 'p1'))).toBeUndefined();
    expect(stale(queryClient, memberKeys.members('w1'))).toBe(true);

    // A saved weekly plan: the card's reasons are read again, and nothing of the projects.
    const planned = cache();
    planned.setQueryData(savedPlanKey('w1'), null);
    applyPush(planned, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'plan', id: 'TEAM' }] });
    expect(stale(planned, savedPlanKey('w1'))).toBe(true);
    expect(stale(planned, projectKeys.items('w1', 'p1'))).toBe(false);

    // A label (issue 36): its short list is read again.
    const labelled = cache();
    labelled.setQueryData(labelKeys.list('w1'), []);
    applyPush(labelled, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'label', id: 'l1', version: 2 }] });
    expect(stale(labelled, labelKeys.list('w1'))).toBe(true);

    // A comment (issue 37): that task's comments are read again, no other task's, and nothing of the project.
    const commented = cache();
    commented.setQueryData(projectKeys.taskComments('w1', 't1'), { pages: [], pageParams: [] });
    commented.setQueryData(projectKeys.taskComments('w1', 't2'), { pages: [], pageParams: [] });
    applyPush(commented, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'comment', id: 'c1', projectId: 'p1', taskId: 't1' }] });
    expect(stale(commented, projectKeys.taskComments('w1', 't1'))).toBe(true);
    expect(stale(commented, projectKeys.taskComments('w1', 't2'))).toBe(false);
    expect(stale(commented, projectKeys.items('w1', 'p1'))).toBe(false);
    // One on the project itself (no taskId): the project's comments, no task's.
    const onProject = cache();
    onProject.setQueryData(projectKeys.projectComments('w1', 'p1'), { pages: [], pageParams: [] });
    onProject.setQueryData(projectKeys.taskComments('w1', 't1'), { pages: [], pageParams: [] });
    applyPush(onProject, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'comment', id: 'c2', projectId: 'p1' }] });
    expect(stale(onProject, projectKeys.projectComments('w1', 'p1'))).toBe(true);
    expect(stale(onProject, projectKeys.taskComments('w1', 't1'))).toBe(false);

    // An attachment (issue 37): that task's files are read again, no other task's.
    const attached = cache();
    attached.setQueryData(projectKeys.taskAttachments('w1', 't1'), { attachments: [] });
    attached.setQueryData(projectKeys.taskAttachments('w1', 't2'), { attachments: [] });
    applyPush(attached, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'attachment', id: 'a1', projectId: 'p1', taskId: 't1' }] });
    expect(stale(attached, projectKeys.taskAttachments('w1', 't1'))).toBe(true);
    expect(stale(attached, projectKeys.taskAttachments('w1', 't2'))).toBe(false);
    // A file of a project's own comment (no taskId): that project's files, no task's.
    const onProjectComment = cache();
    onProjectComment.setQueryData(projectKeys.projectAttachments('w1', 'p1'), { attachments: [] });
    onProjectComment.setQueryData(projectKeys.taskAttachments('w1', 't1'), { attachments: [] });
    applyPush(onProjectComment, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'attachment', id: 'a2', projectId: 'p1' }] });
    expect(stale(onProjectComment, projectKeys.projectAttachments('w1', 'p1'))).toBe(true);
    expect(stale(onProjectComment, projectKeys.taskAttachments('w1', 't1'))).toBe(false);
  });

  it("does not read a page's first load again on its first subscription, only what was read well before it", () => {
    vi.useFakeTimers();
    const queryClient = cache();
    vi.advanceTimersByTime(FIRST_SUBSCRIPTION_GRACE_MS + 1);
    queryClient.setQueryData(projectKeys.items('w1', 'p2'), { tasks: [], milestones: [], notes: [] });
    applyPush(queryClient, { type: 'subscribed', workspaceId: 'w1' });
    expect(stale(queryClient, projectKeys.items('w1', 'p2'))).toBe(false);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(true);
    // Back to a workspace subscribed before (after another): everything may have missed pushes.
    queryClient.setQueryData(projectKeys.list('w1'), []);
    applyPush(queryClient, { type: 'subscribed', workspaceId: 'w1' });
    expect(stale(queryClient, projectKeys.items('w1', 'p2'))).toBe(true);
    vi.useRealTimers();
  });

  it('refreshes what was read before a subscription is confirmed after a reconnect, leaving reads under way to finish', async () => {
    const queryClient = cache();
    let reads = 0;
    let finishRead: (value: number) => void = () => undefined;
    const underWay = new QueryObserver(queryClient, {
      queryKey: ['workspaces', 'w1', 'slow'],
      queryFn: () => new Promise<number>((resolve) => ((reads += 1), (finishRead = resolve))),
      staleTime: Infinity,
    }).subscribe(() => undefined);
    applyPush(queryClient, { type: 'subscribed', workspaceId: 'w1' }, true);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(true);
    expect(stale(queryClient, memberKeys.members('w1'))).toBe(true);
    expect(reads).toBe(1);
    finishRead(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(['workspaces', 'w1', 'slow'])).toBe(1));
    expect(reads).toBe(1);
    underWay();
  });

  it('waits for the writes under way before refreshing after a subscription', async () => {
    const queryClient = cache();
    let answerWrite: () => void = () => undefined;
    const write = new MutationObserver(queryClient, { mutationFn: () => new Promise<void>((resolve) => (answerWrite = resolve)) });
    void write.mutate();
    await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
    applyPush(queryClient, { type: 'subscribed', workspaceId: 'w1' }, true);
    expect(stale(queryClient, projectKeys.list('w1'))).toBe(false);
    answerWrite();
    await vi.waitFor(() => expect(stale(queryClient, projectKeys.list('w1'))).toBe(true));
  });

  it('knows the echo of a write made on /tasks from its paged lists, where the project is not loaded', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const pages = [...taskIndexKeys.pages('w1'), { by: 'due' }];
    queryClient.setQueryData(pages, { pages: [{ tasks: [aTask({ id: 't9', projectId: 'p9', version: 4 })] }], pageParams: [null] });
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'task', id: 't9', projectId: 'p9', version: 4 }] });
    expect(stale(queryClient, pages)).toBe(false);
    // Someone else's newer write: the lists reload.
    applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'task', id: 't9', projectId: 'p9', version: 5 }] });
    expect(stale(queryClient, pages)).toBe(true);
  });

  describe('with the dashboard on screen', () => {
    const dashboardKey = [...taskIndexKeys.dashboard('w1'), '2026-11-23'];
    /** The dashboard's query with an observer, as when the page shows it; returns its unsubscribe. */
    const showDashboard = (queryClient: QueryClient, queryFn: () => Promise<number>) =>
      new QueryObserver(queryClient, { queryKey: dashboardKey, queryFn, staleTime: Infinity }).subscribe(() => undefined);
    const pushTaskChange = (queryClient: QueryClient, version: number) =>
      applyPush(queryClient, { type: 'workspace.changed', workspaceId: 'w1', changes: [{ entity: 'task', id: 't1', projectId: 'p1', version }] });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('reloads it at once, then at most once per interval during a burst of changes, and once after the last', async () => {
      vi.useFakeTimers();
      const queryClient = cache();
      let reads = 0;
      const unsubscribe = showDashboard(queryClient, () => Promise.resolve(++reads));
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toBe(1); // the first show

      for (let version = 3; version < 13; version += 1) pushTaskChange(queryClient, version);
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toBe(2);
      await vi.advanceTimersByTimeAsync(STALE_REFETCH_INTERVAL_MS);
      expect(reads).toBe(3); // what came after the first reload
      await vi.advanceTimersByTimeAsync(5 * STALE_REFETCH_INTERVAL_MS);
      expect(reads).toBe(3);

      pushTaskChange(queryClient, 13); // quiet again: at once
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toBe(4);
      unsubscribe();
    });

    it('lets a slow reload finish while changes keep coming, instead of starting it over', async () => {
      vi.useFakeTimers();
      const queryClient = cache();
      const unsubscribe = showDashboard(queryClient, () => new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 3_000)));
      const answersShown = () => queryClient.getQueryState(dashboardKey)?.dataUpdateCount ?? 0;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(answersShown()).toBe(1); // the first show

      // A change every half second for eight seconds: reloads of three seconds each still land.
      for (let version = 3; version < 19; version += 1) {
        pushTaskChange(queryClient, version);
        await vi.advanceTimersByTimeAsync(500);
      }
      expect(answersShown()).toBeGreaterThanOrEqual(3);
      unsubscribe();
    });
  });
});
