/**
 * What other features use of the workspaces feature: the cache key of the user's workspace list, and the
 * mutation key that leaving a workspace shares with deleting one.
 */
export { workspaceListKey } from './api/query-keys';
export { departureKey } from './api/departures';
