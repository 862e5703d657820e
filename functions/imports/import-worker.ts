import { createHash } from 'node:crypto';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import type { ImportPreview } from '../../shared/schemas/import.js';
import { getImportJob, updateImportJob, type ImportJob } from '../data/imports.js';
import { importObjectKey } from '../domain/imports.js';
import { readObject } from '../lib/file-store.js';
import { logger } from '../lib/logger.js';
import { openText, type OpenBytes } from './decode.js';
import { FILE_DIFFERS, IMPORT_FAILED } from './import-failures.js';
import { importJobMessage, type ImportJobMessage } from './import-job.js';
import { startImportWorker } from './import-worker-client.js';
import { addSkip, emptyTally, foldedName, labelsByName, remember, writeContext, writeRecords, type Tally } from './import-writer.js';
import { memberMatcher, personName, type MemberMatcher } from './member-match.js';
import { readerFor, readerMissing } from './readers.js';
import { ImportFileError, type ImportReader, type ImportRecord, type OpenText } from './records.js';

/**
 * The import worker (issue 39). Each run first checks the file's SHA-256 against the one the browser sent.
 * `analyze`: reads the file once through its source's reader and stores the preview (nothing else is written); a file that
 * is not what its source says fails the job with the reader's reason. `write`: reads it again and writes
 * its records in chunks (functions/imports/import-writer.ts), saving the cursor, progress and tally after
 * each; before its time runs out it starts itself again, and the next run passes over the records before
 * the cursor (only filling its dictionaries). A chunk cut short is written again: its ids are the same and
 * what is there is not written twice.
 */

export interface RunBudget {
  /** Milliseconds the invocation has left. */
  readonly timeLeftMs: () => number;
  /** Starts the worker again with the message (another invocation, a fresh time budget). */
  readonly continueWith: (message: ImportJobMessage) => Promise<void>;
  /** Records a chunk writes before its progress is saved. */
  readonly chunkSize?: number;
  /** Time kept for a chunk and the saving after it: under it, the run stops and continues in a new invocation. */
  readonly reserveMs?: number;
}

/**
 * Records a chunk: its tasks and comments go in transactions of up to 100 items, its progress is saved once.
 * Even written one by one (a refused transaction) at ~90 ms a write on a loaded machine, 250 take ~25 s,
 * well inside RESERVE_MS.
 */
export const CHUNK_SIZE = 250;
export const RESERVE_MS = 60_000;

const sourceBytes = (job: ImportJob): OpenBytes => () => readObject(importObjectKey(job.workspaceId, job.id));

async function sha256Of(open: OpenBytes): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of open()) hash.update(chunk);
  return hash.digest('hex');
}

const failed = (job: ImportJob, error: string) =>
  updateImportJob(job.workspaceId, job.id, { from: [job.status] }, { status: 'failed', error, finishedAt: new Date().toISOString() });

/**
 * The job's reader over its file's text, or the reason it cannot be read. Each run checks the bytes' SHA-256
 * (the upload's form stays valid a few minutes: the file written must be the one analysed).
 */
async function readingOf(job: ImportJob): Promise<{ reader: ImportReader; text: OpenText } | { refused: string }> {
  const reader = readerFor(job.source, job.mapping, { fileName: job.fileName });
  if (!reader) return { refused: readerMissing(job.source) };
  if ((await sha256Of(sourceBytes(job))) !== job.sha256) return { refused: FILE_DIFFERS };
  return { reader, text: await openText(sourceBytes(job)) };
}

/** What an analysis counts of the records, as the preview says it. */
export class Preview {
  readonly counts = { projects: 0, tasks: 0, subtasks: 0, comments: 0 };
  withDueDate = 0;
  completed = 0;
  archived = 0;
  records = 0;
  readonly matched = new Map<string, { source: string; memberId: string; memberName: string }>();
  readonly unmatched = new Set<string>();
  readonly notKept = new Map<string, number>();
  readonly tally: Tally = emptyTally();
  /** The file's labels by folded name: those the workspace has none of yet (the writer makes one per name) and those it has. */
  readonly newLabels = new Set<string>();
  readonly matchedLabels = new Set<string>();

  constructor(
    private readonly match: MemberMatcher,
    private readonly workspaceLabels: ReadonlyMap<string, string>,
  ) {}

  add(record: ImportRecord): void {
    this.records += 1;
    switch (record.kind) {
      case 'project':
        this.counts.projects += 1;
        return;
      case 'label': {
        const name = foldedName(record.name);
        (this.workspaceLabels.has(name) ? this.matchedLabels : this.newLabels).add(name);
        return;
      }
      case 'comment':
        this.counts.comments += 1;
        return;
      case 'notKept':
        this.notKept.set(record.what, (this.notKept.get(record.what) ?? 0) + 1);
        return;
      case 'skipped':
        addSkip(this.tally, record.where, record.reason);
        return;
      case 'task':
        if (record.parentKey === undefined) this.counts.tasks += 1;
        else this.counts.subtasks += 1;
        if (record.dueDate) this.withDueDate += 1;
        if (record.status === 'completed' || record.completed === true || record.archived === true) this.completed += 1;
        if (record.archived === true) this.archived += 1;
        if (record.assignee) {
          const source = personName(record.assignee);
          const member = this.match(record.assignee);
          if (member) this.matched.set(source, { source, memberId: member.userId, memberName: member.name });
          else this.unmatched.add(source);
        }
        return;
      default:
        return;
    }
  }

  view(): ImportPreview {
    return {
      create: { ...this.counts, labels: this.newLabels.size },
      labelsMatched: this.matchedLabels.size,
      withDueDate: this.withDueDate,
      completed: this.completed,
      archived: this.archived,
      assigneesMatched: [...this.matched.values()],
      assigneesUnmatched: [...this.unmatched],
      notKept: [...this.notKept].map(([what, count]) => ({ what, count })),
      skipped: this.tally.skipped,
      skippedCount: this.tally.skippedCount,
    };
  }
}

async function analyze(job: ImportJob): Promise<void> {
  const reading = await readingOf(job);
  if ('refused' in reading) {
    await failed(job, reading.refused);
    return;
  }
  const preview = new Preview(await memberMatcher(job.workspaceId), await labelsByName(job.workspaceId));
  for await (const record of reading.reader(reading.text)) preview.add(record);
  await updateImportJob(job.workspaceId, job.id, { from: ['analyzing'] }, { status: 'ready', preview: preview.view(), progress: { done: 0, total: preview.records } });
}

async function write(job: ImportJob, message: ImportJobMessage, budget: RunBudget): Promise<void> {
  const reading = await readingOf(job);
  if ('refused' in reading) {
    await failed(job, reading.refused);
    return;
  }
  const context = await writeContext({ workspaceId: job.workspaceId, importId: job.id, importer: job.requestedBy, importedAt: job.createdAt, match: await memberMatcher(job.workspaceId) });
  const tally = job.written ?? emptyTally();
  const total = job.progress.total;
  const chunkSize = budget.chunkSize ?? CHUNK_SIZE;
  let cursor = job.cursor;
  let chunk: { record: ImportRecord; index: number }[] = [];
  /** Writes the chunk and saves where it got; false when the job moved on without this run (cancelled, or a second run). */
  const flush = async (): Promise<boolean> => {
    await writeRecords(context, chunk, tally, (error) => logger.warn('An imported record was not written', { importId: job.id, error }));
    const next = cursor + chunk.length;
    chunk = [];
    const saved = await updateImportJob(job.workspaceId, job.id, { from: ['running'], cursor }, { cursor: next, progress: { done: next, total }, written: tally });
    cursor = next;
    return saved;
  };
  let index = 0;
  for await (const record of reading.reader(reading.text)) {
    if (index < cursor) remember(context, record);
    else chunk.push({ record, index });
    index += 1;
    if (chunk.length < chunkSize) continue;
    if (!(await flush())) return;
    if (budget.timeLeftMs() < (budget.reserveMs ?? RESERVE_MS)) {
      await budget.continueWith(message);
      return;
    }
  }
  if (chunk.length > 0 && !(await flush())) return;
  await updateImportJob(job.workspaceId, job.id, { from: ['running'], cursor }, { status: 'done', report: tally, progress: { done: cursor, total: Math.max(total, cursor) }, finishedAt: new Date().toISOString() });
}

/** Runs one phase of an import (or the write's next part); a job not in that phase's status is left alone. */
export async function runImport(input: unknown, budget: RunBudget): Promise<void> {
  const message = importJobMessage.parse(input);
  const job = await getImportJob(message.workspaceId, message.importId);
  const phaseStatus = message.phase === 'analyze' ? 'analyzing' : 'running';
  if (!job || job.status !== phaseStatus) return;
  try {
    if (message.phase === 'analyze') await analyze(job);
    else await write(job, message, budget);
  } catch (error) {
    if (error instanceof ImportFileError) {
      await failed(job, error.message);
      return;
    }
    logger.error('Import failed', { importId: job.id, error });
    await failed(job, IMPORT_FAILED);
  }
}

export const handler = middy<unknown, undefined, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function importWorker(event, context) {
    await runImport(event, {
      timeLeftMs: () => context.getRemainingTimeInMillis(),
      // Started by name: its own, which its context gives.
      continueWith: (message) => startImportWorker(message, context.functionName),
    });
  });
