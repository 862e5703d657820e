/** What other features use of the projects feature: reads of the workspace-wide task index and its cache keys. */
export { newestOnce, readTaskPages } from './api/task-index';
export { taskIndexChanged, taskIndexKeys } from './api/task-index-cache';
export { readOpenTasks } from './api/open-tasks';
