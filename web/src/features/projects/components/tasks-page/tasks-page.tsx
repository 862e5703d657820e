import { useQueryClient } from '@tanstack/react-query';
import { matchesAnyLabel } from '@shared/rules/task-labels';
import { LabelFilter } from '@/features/labels';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { toCalendarDate } from '@shared/rules/calendar-date';
import { sortProjects } from '@shared/rules/projects';
import type { ProjectSummary, TaskStatus, TaskView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { useAuth } from '@/lib/auth';
import { useWorkspaceMembers } from '@/features/members';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { MatchCount } from '@/components/ui/match-count';
import { useLatest } from '@/hooks/use-latest';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { matchesSearch } from '@/lib/search';
import { useProjects } from '../../api/get-projects';
import { FETCH_TASKS_FAILED, prefetchTaskPages, useTaskPages } from '../../api/task-lists';
import { useProjectsOfParents } from '../../api/subtasks';
import { UPDATE_TASK_FAILED, useUpdateTask } from '../../api/task-mutations';
import { useLeavingTasks } from '../../hooks/use-leaving-tasks';
import { useSubtaskCompletion } from '../../hooks/use-subtask-completion';
import {
  groupTasks,
  readTaskListView,
  sortTasks,
  taskGroupingLabels,
  taskGroupings,
  taskSortLabels,
  taskSorts,
  writeTaskListView,
  type TaskGrouping,
  type TaskListView,
  type TaskSort,
} from '../../utils/task-list-view';
import { emptyTabTexts, tabQueries, taskTabLabels, taskTabs, type TaskTab } from '../../utils/task-tabs';
import { ProjectFilter } from '../project-filter';
import { ProjectsLoaded } from '../projects-loaded';
import type { CardActions } from '../task-board/actionable-task-card';
import { TasksQuickAdd } from '../quick-add/tasks-quick-add';
import { TaskKanban } from './task-kanban';
import { TaskListItem } from './task-list-item';
import { TaskViewToggle } from './task-view-toggle';
import { useTaskViewChoice } from '../../hooks/use-task-view-choice';
import { SelectedTasksBar } from './bulk-bar';
import { TaskSelectionContext, useHasSelection, useTaskSelection } from '../../hooks/use-task-selection';
import { useToday } from '@/hooks/use-today';
import '../task-board/task-board.css';
import './tasks-page.css';

interface Filters {
  readonly projectId: string;
  readonly search: string;
  /** The labels a task shows with any of; none for every task. */
  readonly labelIds: readonly string[];
}

/** Enough rows that a filtered list stops reading further pages of its own accord ("Load more" goes on). */
const FILTERED_ENOUGH = 25;

/** One tab's tasks from the task index, filtered, as a list or a kanban. */
function TabTasks({
  workspaceId,
  tab,
  today,
  projects,
  filters,
  listView,
}: {
  workspaceId: string;
  tab: TaskTab;
  today: string;
  projects: readonly ProjectSummary[];
  filters: Filters;
  listView: TaskListView;
}) {
  const members = useWorkspaceMembers(workspaceId);
  const pages = useTaskPages(workspaceId, tabQueries(tab, today));
  const update = useUpdateTask();
  // The writes that take a task out of this list (completing or reopening it), which hide it while sent.
  const leavingScope = useId();
  const leavingUpdate = useUpdateTask(leavingScope);
  const reportFailure = useReportWriteFailure();
  const { isLeaving, isGone, leave, restore } = useLeavingTasks(leavingScope);
  const projectsById = new Map(projects.map((project) => [project.id, project]));

  const write = (task: TaskView, edit: { completed: boolean; completeSubtasks?: true } | { dueDate: string } | { status: TaskStatus; completeSubtasks?: true }, leaving = false) =>
    (leaving ? leavingUpdate : update).mutate(
      { workspaceId, task, edit },
      {
        onError: (error) => {
          restore(task.id);
          reportFailure(error, UPDATE_TASK_FAILED);
        },
      },
    );
  // The write as of the last render, read when a card calls: the cards' actions stay the same objects across
  // renders (a keystroke in the search, a push), so the memoised cards and rows do not all render again.
  const writeRef = useLatest(write);
  // Completing a parent with open sub-tasks asks first, as its page does (issue 36); Cancel leaves it open.
  const { askAboutSubtasks, dialog: subtaskQuestion } = useSubtaskCompletion(workspaceId);
  const toggleCompleted = useCallback(
    (task: TaskView) =>
      void askAboutSubtasks(task).then((along) => {
        if (along) leave(task, () => writeRef.current(task, { completed: !task.completed, ...along }, true));
      }),
    [askAboutSubtasks, leave, writeRef],
  );
  const focusToday = useCallback((task: TaskView) => writeRef.current(task, { dueDate: toCalendarDate(new Date()) }), [writeRef]);
  const labelIds = new Set(filters.labelIds);
  const shown = pages.tasks.filter(
    (task) => projectsById.has(task.projectId) && (filters.projectId === '' || task.projectId === filters.projectId) && matchesSearch(filters.search, task.title, task.description) && matchesAnyLabel(task, labelIds) && !isGone(task),
  );
  // The filters (and the archived projects' tasks left out) apply to the pages read so far: while they leave
  // the list short and the tab has more, read on, so that "No tasks match" is said of the whole tab.
  const readOn = shown.length < FILTERED_ENOUGH && shown.length < pages.tasks.length && pages.hasMore && !pages.isError;
  // Not while any read is under way: asking for the next page would cancel a refresh a push started.
  const loadMoreRef = useLatest(pages.loadMore);
  useEffect(() => {
    if (readOn && !pages.isFetching) loadMoreRef.current();
  }, [readOn, pages.isFetching, loadMoreRef]);

  useProjectsOfParents(workspaceId, shown);
  const ordered = sortTasks(shown, listView.sort);
  const columns = filters.projectId === '' ? projects : projects.filter((project) => project.id === filters.projectId);
  const groups = groupTasks(ordered, listView.group, {
    project: (id) => projectsById.get(id)?.name,
    projectOrder: projects.map((project) => project.id),
    member: (id) => members.data?.find((member) => member.userId === id)?.displayName,
  });
  // The bulk edit's selection (issue 36): a Shift+click's range runs in the order shown, through the list's
  // groups, or within one column of the kanban.
  const runs =
    listView.view === 'kanban'
      ? columns.map((project) => ordered.filter((task) => task.projectId === project.id).map((task) => task.id))
      : [(listView.group === 'none' ? ordered : groups.flatMap((group) => group.tasks)).map((task) => task.id)];
  const { store: selection, select, clear: clearSelection, onKeyDown: selectionKeys } = useTaskSelection(runs);
  const anySelected = useHasSelection(selection);
  const cardActions = useMemo<CardActions>(
    () => ({
      // A move that completes or reopens the task fades it like the circle does; another only changes its column.
      onMove: (task, status) => {
        if (task.status === status) return;
        if ((status === 'completed') === task.completed) writeRef.current(task, { status });
        else if (task.completed) leave(task, () => writeRef.current(task, { status }, true));
        else
          void askAboutSubtasks(task).then((along) => {
            if (along) leave(task, () => writeRef.current(task, { status, ...along }, true));
          });
      },
      onToggleCompleted: toggleCompleted,
      isLeaving,
      onSelect: select,
    }),
    [askAboutSubtasks, leave, toggleCompleted, isLeaving, writeRef, select],
  );

  if (pages.isPending) return <SkeletonLines label="Loading tasks…" lines={5} />;
  if (pages.isError) return <LoadError what="tasks" message={FETCH_TASKS_FAILED} error={pages.error} onRetry={pages.retry} />;

  const rows = (tasks: readonly TaskView[]) => (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the selection keys (Ctrl/⌘+A, x, Escape) act on the row whose control has the focus; the list itself takes none
    <ul className={listView.density === 'compact' ? 'task-list is-compact' : 'task-list'} onKeyDown={selectionKeys}>
      {tasks.map((task) => (
        <TaskListItem
          key={task.id}
          task={task}
          project={projectsById.get(task.projectId)}
          leaving={isLeaving(task.id)}
          dueToday={task.dueDate === today}
          onToggle={toggleCompleted}
          onFocus={focusToday}
          onSelect={select}
        />
      ))}
    </ul>
  );
  return (
    <TaskSelectionContext value={selection}>
      <SelectedTasksBar workspaceId={workspaceId} store={selection} tasks={ordered} onDone={clearSelection} />
      <MatchCount count={shown.length} noun="task" filtering={filters.search.trim() !== '' || filters.projectId !== '' || filters.labelIds.length > 0} />
      {shown.length === 0 && readOn ? (
        <SkeletonLines label="Looking through more tasks…" lines={3} />
      ) : shown.length === 0 && listView.view === 'list' ? (
        <p className="muted">{filters.search.trim() || filters.projectId || filters.labelIds.length > 0 ? 'No tasks match.' : emptyTabTexts[tab]}</p>
      ) : listView.view === 'kanban' ? (
        <TaskKanban projects={columns} tasks={ordered} actions={cardActions} anySelected={anySelected} onKeyDown={selectionKeys} />
      ) : listView.group === 'none' ? (
        rows(ordered)
      ) : (
        groups.map((group) => (
          <section key={group.key} className="task-list-group" aria-labelledby={`task-group-${group.key || 'none'}`}>
            <h3 id={`task-group-${group.key || 'none'}`} className="task-list-group-title">
              {group.title} <span className="muted">{group.tasks.length}</span>
            </h3>
            {rows(group.tasks)}
          </section>
        ))
      )}
      {pages.hasMore ? (
        <Button className="task-list-more" loading={pages.isLoadingMore} onClick={pages.loadMore}>
          Load more
        </Button>
      ) : null}
      {subtaskQuestion}
    </TaskSelectionContext>
  );
}

/**
 * /tasks (spec pages §2 Tasks page): every task of the workspace across its projects, by tab (Today, All,
 * Upcoming, Completed), each read from the task index page by page; search (title and description), a
 * project filter and a list or kanban view.
 */
export function TasksPage({ workspaceId }: { workspaceId: string }) {
  const projectsQuery = useProjects();
  const queryClient = useQueryClient();
  const projects = sortProjects((projectsQuery.data ?? []).filter((project) => !project.archived));
  const { user } = useAuth();
  // How this user likes the page (its tab included), as they left it; list or kanban as the address names it,
  // else their default view (Settings).
  const [stored, setStored] = useState(() => readTaskListView(user?.id));
  const viewChoice = useTaskViewChoice();
  const listView: TaskListView = { ...stored, view: viewChoice.named ?? viewChoice.defaultView };
  const changeView = (change: Partial<Omit<TaskListView, 'view'>>) =>
    setStored((current) => {
      const next = { ...current, ...change };
      writeTaskListView(user?.id, next);
      return next;
    });
  const tab = listView.tab;
  const setTab = (next: TaskTab) => changeView({ tab: next });
  // The tab's tasks are asked for beside the project list, not after it (the rows wait for both).
  const today = useToday();
  useEffect(() => prefetchTaskPages(queryClient, workspaceId, tabQueries(tab, today)), [queryClient, workspaceId, tab, today]);
  const [filters, setFilters] = useState<Filters>({ projectId: '', search: '', labelIds: [] });
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  // The field shows each keystroke at once; the lists follow when React has time (a long list filters and
  // renders in the background, and a keystroke meanwhile starts it over).
  const search = useDeferredValue(filters.search);

  return (
    <div className="tasks-page">
      <div className="tasks-toolbar">
        <Field label="Search tasks" type="search" value={filters.search} onChange={(event) => set({ search: event.target.value })} />
        <ProjectFilter projects={projects} value={filters.projectId} onChange={(projectId) => set({ projectId })} />
        <LabelFilter value={filters.labelIds} onChange={(labelIds) => set({ labelIds })} />
        <SelectField label="Sort" name="sort" value={listView.sort} onChange={(event) => changeView({ sort: event.target.value as TaskSort })}>
          {taskSorts.map((sort) => (
            <option key={sort} value={sort}>
              {taskSortLabels[sort]}
            </option>
          ))}
        </SelectField>
        {listView.view === 'list' ? (
          <SelectField label="Group by" name="group" value={listView.group} onChange={(event) => changeView({ group: event.target.value as TaskGrouping })}>
            {taskGroupings.map((group) => (
              <option key={group} value={group}>
                {taskGroupingLabels[group]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TaskViewToggle view={listView.view} onChange={viewChoice.show}>
          {listView.view === 'list' ? (
            <Button size="sm" variant="ghost" aria-pressed={listView.density === 'compact'} onClick={() => changeView({ density: listView.density === 'compact' ? 'comfortable' : 'compact' })}>
              Compact
            </Button>
          ) : null}
        </TaskViewToggle>
      </div>
      <TasksQuickAdd workspaceId={workspaceId} projects={projects} filteredProjectId={filters.projectId} />
      <Tabs
        label="Tasks by date"
        selected={tab}
        onSelect={setTab}
        items={taskTabs.map((id) => ({
          id,
          label: taskTabLabels[id],
          content: (
            <ProjectsLoaded projects={projectsQuery} loading={<SkeletonLines label="Loading tasks…" lines={5} />}>
              <TabTasks workspaceId={workspaceId} tab={id} today={today} projects={projects} filters={{ ...filters, search }} listView={listView} />
            </ProjectsLoaded>
          ),
        }))}
      />
    </div>
  );
}
