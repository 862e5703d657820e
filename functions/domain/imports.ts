import { importWorker } from '../../shared/routes/workers.js';
import { duplicateImportMessage, type CreateImportInput, type ImportUpload, type ImportView } from '../../shared/schemas/import.js';
import { getImportedFile, getImportJob, listImportJobs, putImportedFile, putImportJob, updateImportJob, type ImportJob } from '../data/imports.js';
import { newTimeSortedId } from '../data/time-sorted-id.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, fieldError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { deleteObject, headObject, presignedUpload } from '../lib/file-store.js';
import { IMPORT_FAILED } from '../imports/import-failures.js';
import { startImportWorker } from '../imports/import-worker-client.js';
import { MANAGING_ROLES, requireMembership } from './authorize.js';

/**
 * Imports (issue 39), for the workspace's owners and admins (members 403, outsiders 404). A job is asked
 * for with the file's SHA-256: a file whose import was started in this workspace before is asked about
 * (409) unless `allowDuplicate`. The file goes straight to the bucket (a presigned POST of its exact size);
 * saying it is uploaded starts the analysis, Start the writing; before it runs, an import can be cancelled.
 */
export const IMPORT_NOT_FOUND = 'Import not found';
export const IMPORT_ROLES = 'Only owners and admins can import into the workspace';
export const IMPORT_CONTENT_TYPE = 'application/octet-stream';
export const IMPORT_NOT_UPLOADED = 'The file was not uploaded: post it to the upload URL first';
export const IMPORT_UPLOAD_DIFFERS = 'The uploaded file is not the one announced (its size differs); upload it again';
export const IMPORT_NOT_UPLOADING = 'The file of this import was uploaded already';
export const IMPORT_NOT_READY = 'Only an analysed import can be started';
export const IMPORT_NOT_CANCELLABLE = 'An import that has started cannot be cancelled';

/** Where an import's file is: under imports/, which the bucket's lifecycle rule empties after IMPORT_DAYS. */
export const importObjectKey = (workspaceId: string, importId: string): string => `imports/${workspaceId}/${importId}/source`;

async function requireManager(caller: Caller, workspaceId: string): Promise<void> {
  const membership = await requireMembership(workspaceId, caller.userId);
  if (!MANAGING_ROLES.includes(membership.role)) throw new ForbiddenError(IMPORT_ROLES);
}

/**
 * How long an analysis or a run may go without moving: a worker starts within its event age and saves its
 * progress within its timeout (each chunk, and each start again), or it was dropped or stopped mid-way, and
 * the job is shown failed instead of moving for ever.
 */
export const STALLED_AFTER_MS = (importWorker.maxEventAgeSeconds + importWorker.timeoutSeconds) * 1000;

export function toImportView({ workspaceId: _workspaceId, sha256: _sha256, mapping: _mapping, cursor: _cursor, written: _written, updatedAt, ...view }: ImportJob): ImportView {
  const moving = view.status === 'analyzing' || view.status === 'running';
  return moving && Date.now() - Date.parse(updatedAt) > STALLED_AFTER_MS ? { ...view, status: 'failed', error: IMPORT_FAILED } : view;
}

async function managedJob(caller: Caller, workspaceId: string, importId: string): Promise<ImportJob> {
  await requireManager(caller, workspaceId);
  const job = await getImportJob(workspaceId, importId);
  if (!job) throw new NotFoundError(IMPORT_NOT_FOUND);
  return job;
}

/** The job as it is now (after a refused change, someone else's change is what the caller sees). */
async function current(workspaceId: string, importId: string): Promise<{ import: ImportView }> {
  const job = await getImportJob(workspaceId, importId);
  if (!job) throw new NotFoundError(IMPORT_NOT_FOUND);
  return { import: toImportView(job) };
}

export async function createImportFor(caller: Caller, workspaceId: string, input: CreateImportInput): Promise<ImportUpload> {
  await requireManager(caller, workspaceId);
  if (input.allowDuplicate !== true) {
    const before = await getImportedFile(workspaceId, input.sha256);
    if (before) throw new ConflictError(duplicateImportMessage(before.createdAt));
  }
  const now = new Date();
  const job: ImportJob = {
    id: newTimeSortedId(now.getTime()),
    workspaceId,
    source: input.source,
    fileName: input.fileName.trim(),
    size: input.size,
    sha256: input.sha256,
    ...(input.mapping ? { mapping: input.mapping } : {}),
    status: 'uploading',
    requestedBy: caller.userId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    finishedAt: null,
    error: null,
    preview: null,
    progress: { done: 0, total: 0 },
    report: null,
    cursor: 0,
  };
  await putImportJob(job);
  const upload = await presignedUpload(importObjectKey(workspaceId, job.id), job.size, IMPORT_CONTENT_TYPE);
  return { import: toImportView(job), upload };
}

export async function listImportsFor(caller: Caller, workspaceId: string): Promise<{ imports: ImportView[] }> {
  await requireManager(caller, workspaceId);
  return { imports: (await listImportJobs(workspaceId)).map(toImportView) };
}

export async function importFor(caller: Caller, workspaceId: string, importId: string): Promise<{ import: ImportView }> {
  return { import: toImportView(await managedJob(caller, workspaceId, importId)) };
}

/** The upload is checked (its size; one that differs is deleted) and the analysis started. */
export async function completeImportUploadFor(caller: Caller, workspaceId: string, importId: string): Promise<{ import: ImportView }> {
  const job = await managedJob(caller, workspaceId, importId);
  if (job.status !== 'uploading') throw new ConflictError(IMPORT_NOT_UPLOADING);
  const key = importObjectKey(workspaceId, importId);
  const stored = await headObject(key);
  if (!stored) throw fieldError('file', IMPORT_NOT_UPLOADED);
  if (stored.size !== job.size) {
    await deleteObject(key);
    throw fieldError('file', IMPORT_UPLOAD_DIFFERS);
  }
  if (!(await updateImportJob(workspaceId, importId, { from: ['uploading'] }, { status: 'analyzing' }))) throw new ConflictError(IMPORT_NOT_UPLOADING);
  await startImportWorker({ importId, workspaceId, phase: 'analyze' });
  return current(workspaceId, importId);
}

/** Runs an analysed import; from now on its file counts as imported into the workspace (the next one is asked about). */
export async function startImportFor(caller: Caller, workspaceId: string, importId: string): Promise<{ import: ImportView }> {
  const job = await managedJob(caller, workspaceId, importId);
  if (job.status !== 'ready' || !(await updateImportJob(workspaceId, importId, { from: ['ready'] }, { status: 'running' }))) throw new ConflictError(IMPORT_NOT_READY);
  await putImportedFile(workspaceId, job.sha256, { importId, createdAt: job.createdAt });
  await startImportWorker({ importId, workspaceId, phase: 'write' });
  return current(workspaceId, importId);
}

export async function cancelImportFor(caller: Caller, workspaceId: string, importId: string): Promise<void> {
  await managedJob(caller, workspaceId, importId);
  const cancelled = await updateImportJob(workspaceId, importId, { from: ['uploading', 'analyzing', 'ready'] }, { status: 'cancelled', finishedAt: new Date().toISOString() });
  if (!cancelled) throw new ConflictError(IMPORT_NOT_CANCELLABLE);
  await deleteObject(importObjectKey(workspaceId, importId));
}
