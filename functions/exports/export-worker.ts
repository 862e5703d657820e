import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { finishExportJob, getExportJob, ownerOf, type ExportJob, type StoredExportFile } from '../data/exports.js';
import { getMembership } from '../data/membership.js';
import { getProfile } from '../data/profile.js';
import { MANAGING_ROLES } from '../domain/authorize.js';
import { putObject } from '../lib/file-store.js';
import { logger } from '../lib/logger.js';
import { mailName } from '../mail/compose.js';
import { exportReadyMail } from '../mail/export-mails.js';
import { sendMail } from '../mail/mailer.js';
import { exportCsvFiles, type ExportFileContent } from './export-csv.js';
import { buildWorkspaceExport } from './export-document.js';
import { EXPORT_FAILED, NO_LONGER_MEMBER } from './export-failures.js';
import { exportJobMessage } from './export-job.js';
import { readExportSources } from './export-sources.js';
import { buildPersonalExport } from './personal-export.js';


/** Where an export's files are: under exports/, which the bucket's lifecycle rule empties after EXPORT_DAYS. */
export const exportObjectKey = (exportId: string, fileName: string): string => `exports/${exportId}/${fileName}`;

const json = (name: string, document: unknown): ExportFileContent => ({ name, contentType: 'application/json', content: `${JSON.stringify(document, null, 2)}\n` });

/** The files of the export and what the mail calls it, or a reason it is refused. */
async function filesOf(job: ExportJob): Promise<{ files: ExportFileContent[]; what: string; pagePath: string } | { refused: string }> {
  const now = new Date();
  if (job.workspaceId === null) {
    const document = await buildPersonalExport(job.requestedBy, now);
    return document ? { files: [json('export.json', document)], what: 'your data', pagePath: '/settings' } : { refused: EXPORT_FAILED };
  }
  // Read again now: whoever asked may have left, or lost the role a workspace's export needs, meanwhile.
  const membership = await getMembership(job.workspaceId, job.requestedBy);
  if (!membership || (job.scope === 'workspace' && !MANAGING_ROLES.includes(membership.role))) return { refused: NO_LONGER_MEMBER };
  const sources = await readExportSources(job.workspaceId, { ...(job.projectId === null ? {} : { projectId: job.projectId }), withEmails: MANAGING_ROLES.includes(membership.role) });
  if (!sources) return { refused: EXPORT_FAILED };
  const target = job.projectId === null ? { scope: 'workspace' as const } : { scope: 'project' as const, projectId: job.projectId };
  const document = buildWorkspaceExport(sources, target, now);
  const project = document.projects[0];
  if (target.scope === 'project' && !project) return { refused: 'The project was deleted.' };
  return {
    files: [json('export.json', document), ...exportCsvFiles(document)],
    what: project && target.scope === 'project' ? `the project "${mailName(project.name)}"` : `the workspace "${mailName(document.workspace.name)}"`,
    pagePath: project && target.scope === 'project' ? `/projects/${encodeURIComponent(project.id)}` : '/workspaces/settings',
  };
}

/** Builds one export: writes its files, marks its job done (or failed, saying why) and mails the requester. */
export async function runExport(message: unknown): Promise<void> {
  const { exportId, workspaceId, requestedBy } = exportJobMessage.parse(message);
  const owner = ownerOf({ workspaceId, requestedBy });
  const job = await getExportJob(owner, exportId);
  if (!job || job.status !== 'pending') return;
  try {
    const made = await filesOf(job);
    if ('refused' in made) {
      await finishExportJob(owner, exportId, { status: 'failed', files: [], error: made.refused, finishedAt: new Date().toISOString() });
      return;
    }
    const stored: StoredExportFile[] = [];
    for (const file of made.files) {
      const key = exportObjectKey(exportId, file.name);
      await putObject(key, file.content, file.contentType);
      stored.push({ name: file.name, key, contentType: file.contentType });
    }
    if (!(await finishExportJob(owner, exportId, { status: 'done', files: stored, error: null, finishedAt: new Date().toISOString() }))) return;
    await mailRequester(requestedBy, made);
  } catch (error) {
    logger.error('Export failed', { exportId, error });
    await finishExportJob(owner, exportId, { status: 'failed', files: [], error: EXPORT_FAILED, finishedAt: new Date().toISOString() });
  }
}

/** The mail is a courtesy: the app shows the export either way, so a refused mail leaves it done. */
async function mailRequester(userId: string, made: { what: string; pagePath: string }): Promise<void> {
  try {
    const profile = await getProfile(userId);
    if (profile?.email) await sendMail(exportReadyMail({ to: profile.email, what: made.what, pagePath: made.pagePath }));
  } catch (error) {
    logger.warn('Export mail not sent', { error });
  }
}

export const handler = middy<unknown, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function exportWorker(event) {
    await runExport(event);
  });
