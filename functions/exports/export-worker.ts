import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PersonalExport } from '../../shared/schemas/export.js';
import { finishExportJob, getExportJob, ownerOf, type ExportJob, type StoredExportFile } from '../data/exports.js';
import { getMembership } from '../data/membership.js';
import { getProfile } from '../data/profile.js';
import { MANAGING_ROLES } from '../domain/authorize.js';
import { deleteObjects, putObject, writeObject } from '../lib/file-store.js';
import { logger } from '../lib/logger.js';
import { mailName } from '../mail/compose.js';
import { exportReadyMail } from '../mail/export-mails.js';
import { sendMail } from '../mail/mailer.js';
import { streamWorkspaceExport, type StreamedExport } from './export-document.js';
import { EXPORT_FAILED, NO_LONGER_MEMBER } from './export-failures.js';
import { contentTypeOf, writeExportFiles } from './export-files.js';
import { exportJobMessage } from './export-job.js';
import { readExportSources } from './export-sources.js';
import { buildPersonalExport } from './personal-export.js';

/** Where an export's files are: under exports/, which the bucket's lifecycle rule empties after EXPORT_DAYS. */
export const exportObjectKey = (exportId: string, fileName: string): string => `exports/${exportId}/${fileName}`;

/** Writes the export's files under its key and answers them as the job lists them. */
type FileWriting = (exportId: string) => Promise<StoredExportFile[]>;

const stored = (exportId: string, name: string): StoredExportFile => ({ name, key: exportObjectKey(exportId, name), contentType: contentTypeOf(name) });

/** A person's export: one document of their own data, small enough to be made whole. */
const personalFile =
  (document: PersonalExport): FileWriting =>
  async (exportId) => {
    const file = stored(exportId, 'export.json');
    await putObject(file.key, `${JSON.stringify(document, null, 2)}\n`, file.contentType);
    return [file];
  };

/** A workspace's or project's export, each file written to S3 as it is read (writeExportFiles). */
const streamedFiles =
  (streamed: StreamedExport): FileWriting =>
  async (exportId) => {
    const names = await writeExportFiles(streamed, {
      open: (name) => writeObject(exportObjectKey(exportId, name), contentTypeOf(name)),
      // The lifecycle rule is the backstop: a failed removal does not hide why the export failed.
      remove: (names) => deleteObjects(names.map((name) => exportObjectKey(exportId, name))).catch((error: unknown) => logger.warn('Failed export files not deleted', { exportId, error })),
    });
    return names.map((name) => stored(exportId, name));
  };

/** How the export's files are written and what the mail calls it, or a reason it is refused. */
async function filesOf(job: ExportJob): Promise<{ write: FileWriting; what: string; pagePath: string } | { refused: string }> {
  const now = new Date();
  if (job.workspaceId === null) {
    const document = await buildPersonalExport(job.requestedBy, now);
    return document ? { write: personalFile(document), what: 'your data', pagePath: '/settings' } : { refused: EXPORT_FAILED };
  }
  // Read again now: whoever asked may have left, or lost the role a workspace's export needs, meanwhile.
  const membership = await getMembership(job.workspaceId, job.requestedBy);
  if (!membership || (job.scope === 'workspace' && !MANAGING_ROLES.includes(membership.role))) return { refused: NO_LONGER_MEMBER };
  const sources = await readExportSources(job.workspaceId, { ...(job.projectId === null ? {} : { projectId: job.projectId }), withEmails: MANAGING_ROLES.includes(membership.role) });
  if (!sources) return { refused: EXPORT_FAILED };
  if (job.projectId === null) {
    return { write: streamedFiles(streamWorkspaceExport(sources, { scope: 'workspace' }, now)), what: `the workspace "${mailName(sources.workspace.name)}"`, pagePath: '/workspaces/settings' };
  }
  const [project] = sources.projects;
  if (!project) return { refused: 'The project was deleted.' };
  return {
    write: streamedFiles(streamWorkspaceExport(sources, { scope: 'project', projectId: project.id }, now)),
    what: `the project "${mailName(project.name)}"`,
    pagePath: `/projects/${encodeURIComponent(project.id)}`,
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
    const files = await made.write(exportId);
    if (!(await finishExportJob(owner, exportId, { status: 'done', files, error: null, finishedAt: new Date().toISOString() }))) return;
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
