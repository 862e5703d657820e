import type { ObjectWriter } from '../lib/file-store.js';
import { CSV_CONTENT_TYPE, CSV_FILES, withCsvFiles } from './export-csv.js';
import { EXPORT_LISTS, type StreamedExport } from './export-document.js';
import { streamedJson } from './streamed-json.js';

export const JSON_CONTENT_TYPE = 'application/json';

export const contentTypeOf = (fileName: string): string => (fileName.endsWith('.csv') ? CSV_CONTENT_TYPE : JSON_CONTENT_TYPE);

/** Where an export's files go: each opened as it starts; `remove` deletes finished ones. */
export interface ExportFileStore {
  open(fileName: string): ObjectWriter;
  remove(fileNames: readonly string[]): Promise<void>;
}

/**
 * Writes a workspace's or project's export as it is read: export.json (functions/exports/streamed-json.ts)
 * and, beside each list as the document reaches it, that list's CSV, each a file of its own opened in
 * `store` (an S3 upload in the worker), so that neither the document nor a file is ever held whole. A
 * failure aborts every file not finished and removes those finished (a CSV ends with its list, before the
 * export does: kept, it would wait unlisted for the lifecycle rule, members' addresses in it). Answers the
 * files' names, in the order the job lists them.
 */
export async function writeExportFiles(streamed: StreamedExport, store: ExportFileStore): Promise<string[]> {
  const finished: string[] = [];
  const open = (name: string): ObjectWriter => {
    const writer = store.open(name);
    return {
      write: (text) => writer.write(text),
      end: async () => {
        await writer.end();
        finished.push(name);
      },
      abort: () => writer.abort(),
    };
  };
  const lists = withCsvFiles(streamed.lists, open);
  const json = open('export.json');
  try {
    for await (const piece of streamedJson(streamed.head, EXPORT_LISTS.map((name) => [name, lists[name]] as const))) await json.write(piece);
    await json.end();
  } catch (error) {
    await json.abort();
    await store.remove(finished);
    throw error;
  }
  return ['export.json', ...CSV_FILES];
}
