import Papa from 'papaparse';
import { CSV_UNREADABLE, csvSampleOf, SAMPLE_ROWS, type CsvSample } from './csv-sample';

/** What the worker answers for the file it was sent. */
export type CsvHeaderReply = { readonly sample: CsvSample } | { readonly error: string };

const reply = (message: CsvHeaderReply) => self.postMessage(message);

// Off the page's thread: parsing stops after the sample, but a file's first lines can still be long.
self.onmessage = (event: MessageEvent<File>) => {
  Papa.parse<string[]>(event.data, {
    preview: SAMPLE_ROWS + 1,
    skipEmptyLines: 'greedy',
    complete: (result) => {
      try {
        reply({ sample: csvSampleOf(result.data) });
      } catch (error) {
        reply({ error: error instanceof Error ? error.message : CSV_UNREADABLE });
      }
    },
    error: () => reply({ error: CSV_UNREADABLE }),
  });
};
