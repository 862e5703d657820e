/** What other features use of the workspaces feature: the cache key of the user's workspace list. */
export { workspaceListKey } from './api/query-keys';
