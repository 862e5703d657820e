import type { CsvHeaderReply } from './csv-header.worker';
import { CSV_UNREADABLE, type CsvSample } from './csv-sample';

/** The CSV's header and first rows, parsed by papaparse in a Web Worker (one per file, ended once it answers). */
export function readCsvSample(file: File): Promise<CsvSample> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-header.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CsvHeaderReply>) => {
      worker.terminate();
      if ('sample' in event.data) resolve(event.data.sample);
      else reject(new Error(event.data.error));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error(CSV_UNREADABLE));
    };
    worker.postMessage(file);
  });
}
