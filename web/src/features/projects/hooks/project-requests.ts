import { useEffect, useRef } from 'react';

/**
 * Asks a project page to open one of its dialogs from outside it: the command palette, the 'c' shortcut
 * and search results. The request waits until that project's page is mounted (it may be navigated to
 * next) and is taken by it once; a newer request replaces one not yet taken.
 */
export type ProjectRequest = { readonly kind: 'createTask' } | { readonly kind: 'createNote' } | { readonly kind: 'openNote'; readonly noteId: string };

let pending: { readonly projectId: string; readonly request: ProjectRequest } | null = null;
const listeners = new Set<() => void>();

export function requestInProject(projectId: string, request: ProjectRequest): void {
  pending = { projectId, request };
  for (const listener of listeners) listener();
}

/** Hands the project page the requests made for it, now and while it stays mounted. */
export function useProjectRequests(projectId: string, handle: (request: ProjectRequest) => void): void {
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  }, [handle]);
  useEffect(() => {
    const take = () => {
      if (pending?.projectId !== projectId) return;
      const { request } = pending;
      pending = null;
      handleRef.current(request);
    };
    take();
    listeners.add(take);
    return () => {
      listeners.delete(take);
    };
  }, [projectId]);
}
