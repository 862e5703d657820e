/** What other features use of the projects feature: reads of the workspace-wide task index and its cache keys, a sub-task's parent named, the task writes other features offer (the weekly plan's fixes). */
export { newestOnce, readTaskPages } from './api/task-index';
export { taskIndexChanged, taskIndexKeys } from './api/task-index-cache';
export { readOpenTasks } from './api/open-tasks';
export { ParentTaskName } from './components/parent-task-name';
export { useSplitTask, useUpdateTask } from './api/task-mutations';
export { useProjects } from './api/get-projects';
