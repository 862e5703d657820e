import { useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth';
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

/** One person's mock-up states, each in its own entry: the next person to sign in here starts afresh. */
function storesOf(userId: string) {
  const key = (name: string) => `${name}.${userId}`;
  return {
    slack: createLocalStore(key(integrationStorageKeys.slack), slackStateSchema, defaultSlackState),
    gmail: createLocalStore(key(integrationStorageKeys.gmail), gmailStateSchema, defaultGmailState),
    github: createLocalStore(key(integrationStorageKeys.github), githubStateSchema, defaultGithubState),
    fireflies: createLocalStore(key(integrationStorageKeys.fireflies), firefliesStateSchema, defaultFirefliesState),
  };
}

const storesByUser = new Map<string, ReturnType<typeof storesOf>>();

// The entries of before they were kept per person held whoever used the mock-ups last: no one's now.
for (const legacyKey of Object.values(integrationStorageKeys)) {
  try {
    window.localStorage.removeItem(legacyKey);
  } catch {
    // Storage unavailable: nothing kept there either.
  }
}

/** The signed-in person's stores (the same objects on every render, as useSyncExternalStore needs). */
function useStores(): ReturnType<typeof storesOf> {
  const userId = useAuth().user?.id ?? '';
  let stores = storesByUser.get(userId);
  if (!stores) {
    stores = storesOf(userId);
    storesByUser.set(userId, stores);
  }
  return stores;
}

/** A mock-up's state in this browser and how to change it (the change is saved at once). */
export function useLocalStore<T>(store: LocalStore<T>): readonly [T, LocalStore<T>['update']] {
  // The same snapshot on a server render (no storage there: the defaults).
  return [useSyncExternalStore(store.subscribe, store.get, store.get), store.update] as const;
}

export const useSlackState = () => useLocalStore(useStores().slack);
export const useGmailState = () => useLocalStore(useStores().gmail);
export const useGithubState = () => useLocalStore(useStores().github);
export const useFirefliesState = () => useLocalStore(useStores().fireflies);

/** The connected flags the catalogue shows for the mock-ups. */
export function useMockConnections(): { readonly slack: boolean; readonly gmail: boolean; readonly github: boolean; readonly fireflies: boolean } {
  return {
    slack: useSlackState()[0].connected,
    gmail: useGmailState()[0].connected,
    github: useGithubState()[0].connected,
    fireflies: useFirefliesState()[0].connected,
  };
}
