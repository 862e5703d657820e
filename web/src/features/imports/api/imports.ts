import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importsRoutes } from '@shared/routes/imports';
import type { CreateImportInput, ImportView } from '@shared/schemas/import';
import { callRoute } from '@/lib/api-client';
import { postToBucket } from '@/lib/presigned-post';

/** Imports (issue 39): CreateImport, ListImports, GetImport, CompleteImportUpload, StartImport, CancelImport. */
export const IMPORTS_FAILED_TO_LOAD = 'Failed to load the imports';
export const IMPORT_FAILED_TO_LOAD = 'Failed to load the import';
export const IMPORT_FAILED_TO_START = 'Failed to start the import. Please try again.';
export const IMPORT_FAILED_TO_CANCEL = 'Failed to cancel the import. Please try again.';
export const IMPORT_UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

/** How often an import being read or written is read again. */
const POLL_MS = 1500;

export const importKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'imports'] as const,
  list: (workspaceId: string) => [...importKeys.all(workspaceId), 'list'] as const,
  one: (workspaceId: string, importId: string) => [...importKeys.all(workspaceId), 'one', importId] as const,
};

/** Statuses the worker is busy in: the page reads the import again until it moves on. */
export const isWorking = (job: Pick<ImportView, 'status'>): boolean => job.status === 'analyzing' || job.status === 'running';
/** Statuses an import's view resumes in after a reload (the file of one still uploading is gone with the page). */
export const isResumable = (job: Pick<ImportView, 'status'>): boolean => isWorking(job) || job.status === 'ready';

/** The workspace's last 20 imports, newest first. */
export function useImports(workspaceId: string) {
  return useQuery({
    queryKey: importKeys.list(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(importsRoutes.ListImports, { params: { workspaceId }, signal })).imports,
  });
}

/** One import, read again every 1.5 s while it is being analysed or run. */
export function useImport(workspaceId: string, importId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(workspaceId, importId),
    queryFn: async ({ signal }) => {
      const { import: job } = await callRoute(importsRoutes.GetImport, { params: { workspaceId, importId }, signal });
      // The list's row follows: its status is the one shown under Recent imports.
      if (!isWorking(job)) void queryClient.invalidateQueries({ queryKey: importKeys.list(workspaceId) });
      return job;
    },
    initialData: () => queryClient.getQueryData<ImportView[]>(importKeys.list(workspaceId))?.find((job) => job.id === importId),
    refetchInterval: (query) => (query.state.data && isWorking(query.state.data) ? POLL_MS : false),
  });
}

export interface ImportRequest {
  readonly input: CreateImportInput;
  readonly file: File;
  readonly onProgress: (share: number) => void;
}

/**
 * An import asked for, its file posted to the bucket (with progress) and said uploaded: the worker starts
 * analysing it. A 409 (the same file imported before) rejects before anything is uploaded.
 */
export function useImportUpload(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file, onProgress }: ImportRequest) => {
      const ticket = await callRoute(importsRoutes.CreateImport, { params: { workspaceId }, body: input });
      await postToBucket(ticket.upload, file, onProgress);
      return (await callRoute(importsRoutes.CompleteImportUpload, { params: { workspaceId, importId: ticket.import.id } })).import;
    },
    onSuccess: (job) => queryClient.setQueryData(importKeys.one(workspaceId, job.id), job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.list(workspaceId) }),
  });
}

/** Start: the analysed import is written. */
export function useStartImport(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: string) => (await callRoute(importsRoutes.StartImport, { params: { workspaceId, importId } })).import,
    onSuccess: (job) => queryClient.setQueryData(importKeys.one(workspaceId, job.id), job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.list(workspaceId) }),
  });
}

/** Cancel before it runs: the job ends and its file is deleted. */
export function useCancelImport(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => callRoute(importsRoutes.CancelImport, { params: { workspaceId, importId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all(workspaceId) }),
  });
}
