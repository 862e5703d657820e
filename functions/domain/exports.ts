import { exportWorker } from '../../shared/routes/workers.js';
import type { CreateExportInput, ExportView } from '../../shared/schemas/export.js';
import { getExportJob, putExportJob, type ExportJob, type ExportOwner } from '../data/exports.js';
import { takeExportQuota } from '../data/quota.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import { getProject } from '../data/projects.js';
import { newTimeSortedId } from '../data/time-sorted-id.js';
import type { Caller } from '../lib/caller.js';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { presignedDownload } from '../lib/file-store.js';
import { EXPORT_FAILED } from '../exports/export-failures.js';
import { startExportWorker } from '../exports/export-worker-client.js';
import { MANAGING_ROLES, requireMembership } from './authorize.js';
import { notFoundMessages } from './project-writes.js';

/**
 * Exports (issue 39): a workspace's by its owners and admins (members 403), a project's by any member,
 * a person's own by anyone signed in; outsiders 404. Asking stores a pending job and starts the export
 * worker; the job's requester reads its status, and once done the files' download links, which last
 * EXPORT_LINK_SECONDS (the files themselves stay EXPORT_DAYS, and the mail links to the app, not to them).
 */
export const EXPORT_NOT_FOUND = 'Export not found';
export const WORKSPACE_EXPORT_ROLES = 'Only owners and admins can export the whole workspace';
export const EXPORT_LINK_SECONDS = 5 * 60;

/** Each user asks for at most `exportsPerHour` exports an hour (each reads a whole workspace): 429 with Retry-After beyond. */
async function started(job: ExportJob): Promise<{ export: ExportView }> {
  const quota = await takeExportQuota(job.requestedBy, abuseLimits.exportsPerHour, new Date());
  if (!quota.allowed) throw new TooManyRequestsError(`You can ask for at most ${abuseLimits.exportsPerHour} exports an hour.`, quota.retryAfterSeconds);
  await putExportJob(job);
  await startExportWorker({ exportId: job.id, workspaceId: job.workspaceId, requestedBy: job.requestedBy });
  return { export: await toExportView(job) };
}

function pendingJob(caller: Caller, fields: Pick<ExportJob, 'scope' | 'workspaceId' | 'projectId'>): ExportJob {
  const now = new Date();
  return { id: newTimeSortedId(now.getTime()), ...fields, status: 'pending', requestedBy: caller.userId, createdAt: now.toISOString(), finishedAt: null, error: null, files: [] };
}

export async function requestWorkspaceExportFor(caller: Caller, workspaceId: string, input: CreateExportInput): Promise<{ export: ExportView }> {
  const membership = await requireMembership(workspaceId, caller.userId);
  if (input.scope === 'workspace') {
    if (!MANAGING_ROLES.includes(membership.role)) throw new ForbiddenError(WORKSPACE_EXPORT_ROLES);
    return started(pendingJob(caller, { scope: 'workspace', workspaceId, projectId: null }));
  }
  if (!(await getProject(workspaceId, input.projectId))) throw new NotFoundError(notFoundMessages.project);
  return started(pendingJob(caller, { scope: 'project', workspaceId, projectId: input.projectId }));
}

export function requestPersonalExportFor(caller: Caller): Promise<{ export: ExportView }> {
  return started(pendingJob(caller, { scope: 'personal', workspaceId: null, projectId: null }));
}

/** The caller's own export, or 404 (anyone else's is not theirs to see, as a missing one). */
async function ownExport(caller: Caller, owner: ExportOwner, exportId: string): Promise<{ export: ExportView }> {
  const job = await getExportJob(owner, exportId);
  if (!job || job.requestedBy !== caller.userId) throw new NotFoundError(EXPORT_NOT_FOUND);
  return { export: await toExportView(job) };
}

export async function workspaceExportFor(caller: Caller, workspaceId: string, exportId: string): Promise<{ export: ExportView }> {
  await requireMembership(workspaceId, caller.userId);
  return ownExport(caller, { workspaceId }, exportId);
}

export function personalExportFor(caller: Caller, exportId: string): Promise<{ export: ExportView }> {
  return ownExport(caller, { userId: caller.userId }, exportId);
}

/**
 * How long a job may stay pending: its worker starts within its event age and runs within its timeout, or
 * never finishes it (dropped, or stopped mid-way), and the job is then shown failed instead of pending for ever.
 */
export const PENDING_AT_MOST_MS = (exportWorker.maxEventAgeSeconds + exportWorker.timeoutSeconds) * 1000;

async function toExportView({ files, workspaceId: _workspaceId, ...stored }: ExportJob): Promise<ExportView> {
  const abandoned = stored.status === 'pending' && Date.now() - Date.parse(stored.createdAt) > PENDING_AT_MOST_MS;
  const job = abandoned ? { ...stored, status: 'failed' as const, error: EXPORT_FAILED } : stored;
  const done = job.status === 'done';
  return {
    ...job,
    files: done ? await Promise.all(files.map(async (file) => ({ name: file.name, url: await presignedDownload(file.key, file.name, file.contentType, EXPORT_LINK_SECONDS) }))) : [],
    linksExpireAt: done ? new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString() : null,
  };
}
