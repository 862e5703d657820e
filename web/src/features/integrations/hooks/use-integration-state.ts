import { useSyncExternalStore } from 'react';
import { createLocalStore, type LocalStore } from '../utils/local-store';
import {
  defaultFirefliesState,
  defaultGithubState,
  defaultGmailState,
  defaultSlackState,
  firefliesStateSchema,
  githubStateSchema,
  gmailStateSchema,
  integrationStorageKeys,
  slackStateSchema,
} from '../utils/integration-state';

export const slackStore = createLocalStore(integrationStorageKeys.slack, slackStateSchema, defaultSlackState);
export const gmailStore = createLocalStore(integrationStorageKeys.gmail, gmailStateSchema, defaultGmailState);
export const githubStore = createLocalStore(integrationStorageKeys.github, githubStateSchema, defaultGithubState);
export const firefliesStore = createLocalStore(integrationStorageKeys.fireflies, firefliesStateSchema, defaultFirefliesState);

/** A mock-up's state in this browser and how to change it (the change is saved at once). */
export function useLocalStore<T>(store: LocalStore<T>): readonly [T, LocalStore<T>['update']] {
  // The same snapshot on a server render (no storage there: the defaults).
  return [useSyncExternalStore(store.subscribe, store.get, store.get), store.update] as const;
}

export const useSlackState = () => useLocalStore(slackStore);
export const useGmailState = () => useLocalStore(gmailStore);
export const useGithubState = () => useLocalStore(githubStore);
export const useFirefliesState = () => useLocalStore(firefliesStore);

/** The connected flags the catalogue shows for the mock-ups. */
export function useMockConnections(): { readonly slack: boolean; readonly gmail: boolean; readonly github: boolean; readonly fireflies: boolean } {
  return {
    slack: useSlackState()[0].connected,
    gmail: useGmailState()[0].connected,
    github: useGithubState()[0].connected,
    fireflies: useFirefliesState()[0].connected,
  };
}
