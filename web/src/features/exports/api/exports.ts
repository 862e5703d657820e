import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportsRoutes } from '@shared/routes/exports';
import type { ExportView } from '@shared/schemas/export';
import { callRoute } from '@/lib/api-client';

/**
 * Exports (issue 39). Which export a panel shows is kept in the browser (localStorage, per workspace and
 * target), so its progress and its download links survive a reload; the job itself is the server's.
 */
export type ExportTarget = { kind: 'workspace'; workspaceId: string } | { kind: 'project'; workspaceId: string; projectId: string } | { kind: 'personal' };

export const EXPORT_FAILED_TO_START = 'Failed to start the export. Please try again.';
export const EXPORT_FAILED_TO_LOAD = 'Failed to load the export. Please try again.';
/** How often a pending export is read again. */
const POLL_MS = 1500;
/** How often a finished one is, for fresh download links before the ones shown expire (the server's last 5 minutes). */
const LINKS_REFRESH_MS = 4 * 60 * 1000;

const storageKey = (target: ExportTarget): string =>
  target.kind === 'personal' ? 'taskflow.export.personal' : `taskflow.export.${target.workspaceId}.${target.kind === 'project' ? target.projectId : 'workspace'}`;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, id: string): void {
  try {
    window.localStorage.setItem(key, id);
  } catch {
    // Private mode: the export still runs; only a reload forgets which one it was.
  }
}

export const exportKeys = { one: (target: ExportTarget, exportId: string) => ['exports', storageKey(target), exportId] as const };

function readExport(target: ExportTarget, exportId: string, signal: AbortSignal): Promise<{ export: ExportView }> {
  return target.kind === 'personal'
    ? callRoute(exportsRoutes.GetPersonalExport, { params: { exportId }, signal })
    : callRoute(exportsRoutes.GetWorkspaceExport, { params: { workspaceId: target.workspaceId, exportId }, signal });
}

function startExport(target: ExportTarget): Promise<{ export: ExportView }> {
  if (target.kind === 'personal') return callRoute(exportsRoutes.CreatePersonalExport, {});
  const body = target.kind === 'project' ? { scope: 'project' as const, projectId: target.projectId } : { scope: 'workspace' as const };
  return callRoute(exportsRoutes.CreateWorkspaceExport, { params: { workspaceId: target.workspaceId }, body });
}

/** The target's latest export (read again while it is pending), and a mutation that starts a new one. */
export function useExport(target: ExportTarget) {
  const key = storageKey(target);
  const [exportId, setExportId] = useState<string | null>(() => readStored(key));
  const job = useQuery({
    queryKey: exportKeys.one(target, exportId ?? ''),
    queryFn: async ({ signal }) => (await readExport(target, exportId ?? '', signal)).export,
    enabled: exportId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : query.state.data?.status === 'done' ? LINKS_REFRESH_MS : false),
    // Its links last minutes: a returning tab reads fresh ones.
    refetchOnWindowFocus: true,
  });
  const start = useMutation({
    mutationFn: () => startExport(target),
    onSuccess: ({ export: started }) => {
      writeStored(key, started.id);
      setExportId(started.id);
    },
  });
  return { job, start };
}
