/**
 * Imports (issue 39) of the large generated files through the real routes and the import worker (run in
 * process by the local gateway's Lambda endpoint, as the integration tests run it) on DynamoDB Local and
 * the S3 stand-in: the 5,000-card Trello board, analysed and written in full; then the ~50 MB CSV
 * (100,000 rows), analysed in full and written for as long as a time budget allows. For each phase: wall
 * time, the DynamoDB requests of this process by command (the worker, the stream consumers it sets off, and
 * the status polls), and this process's peak RSS and heap (sampled every 50 ms; the whole local back end
 * but DynamoDB Local runs in it, so the figures are an upper bound for the worker's Lambda).
 *
 *   npx tsx tests/fixtures/imports/generate.ts   # once: tests/fixtures/imports/large/
 *   npx tsx bench/import.ts [csvWriteBudgetSeconds=60] [--csv-only | --board-only]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20090) and data folder. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ImportView } from '../shared/schemas/import.js';
import { importResponse, importUpload, type CsvMapping } from '../shared/schemas/import.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import type { WebConfig } from '../shared/web-config.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { postFile, sha256 } from '../tests/integration/import-upload.js';
import { runBench } from './bench-stack.js';
import { countDynamoDbRequests } from './dynamodb-requests.js';

const csvBudgetMs = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 60) * 1000;
/** Only the CSV (the board's write takes minutes). */
const csvOnly = process.argv.includes('--csv-only');
/** Only the board. */
const boardOnly = process.argv.includes('--board-only');
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20090);
const large = (name: string) => readFileSync(new URL(`../tests/fixtures/imports/large/${name}`, import.meta.url));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The process's RSS when `start()` is called and its peak RSS and heap from then on, sampled every 50 ms. */
function memoryPeaks() {
  let startRss = 0;
  let rss = 0;
  let heap = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const { rss: now, heapUsed } = process.memoryUsage();
    rss = Math.max(rss, now);
    heap = Math.max(heap, heapUsed);
  };
  return {
    start() {
      startRss = process.memoryUsage().rss;
      rss = 0;
      heap = 0;
      sample();
      timer = setInterval(sample, 50);
    },
    stop(): string {
      clearInterval(timer);
      sample();
      return `RSS ${mb(startRss)} at the start, peak RSS ${mb(rss)}, peak heap ${mb(heap)}`;
    },
  };
}

runBench(
  portBase,
  async (config: WebConfig) => {
    const counts = await countDynamoDbRequests();
    const { updateImportJob } = await import('../functions/data/imports.js');
    const memory = memoryPeaks();
    const { idToken: token } = await signUpAndSignIn(config, `bench-${randomUUID().slice(0, 8)}@example.com`);
    const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: 'Import bench' } });
    const workspaceId = workspaceResponse.parse(created.body).workspace.id;
    const path = `/workspaces/${workspaceId}/imports`;
    const job = async (id: string): Promise<ImportView> => importResponse.parse((await callApi(config, 'GET', `${path}/${id}`, { token })).body).import;

    /** Polls every 250 ms while the job is in `status` and `more()` holds; the job and the polls made. */
    async function whileIn(id: string, status: 'analyzing' | 'running', more: () => boolean = () => true) {
      let polls = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        polls += 1;
        const now = await job(id);
        if (now.status !== status || !more()) return { now, polls };
      }
    }

    /** Runs a phase: its time, DynamoDB requests and memory printed. */
    async function phase<T extends { polls: number }>(label: string, run: () => Promise<T>): Promise<T & { ms: number }> {
      counts.clear();
      memory.start();
      const begin = performance.now();
      const result = await run();
      const ms = performance.now() - begin;
      console.log(`  ${label.padEnd(9)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${memory.stop()}; DynamoDB ${counts.text()} (with ${result.polls} status polls)`);
      return { ...result, ms };
    }

    /** Asks, uploads and says it is uploaded (not timed), then times the analysis. */
    async function analyse(bytes: Buffer, body: object) {
      const asked = await callApi(config, 'POST', path, { token, body: { ...body, size: bytes.length, sha256: sha256(bytes) } });
      if (asked.status !== 201) throw new Error(`Asking answered ${asked.status}: ${JSON.stringify(asked.body)}`);
      const ticket = importUpload.parse(asked.body);
      const posted = await postFile(ticket, bytes);
      if (posted.status !== 204) throw new Error(`The upload answered ${posted.status}`);
      const { id } = ticket.import;
      const analysed = await phase('analysis', async () => {
        const uploaded = await callApi(config, 'POST', `${path}/${id}/uploaded`, { token });
        if (uploaded.status !== 200) throw new Error(`Uploaded answered ${uploaded.status}`);
        return whileIn(id, 'analyzing');
      });
      const { preview } = analysed.now;
      if (analysed.now.status !== 'ready' || !preview) throw new Error(`The analysis ended ${analysed.now.status}: ${analysed.now.error ?? ''}`);
      console.log(`            preview: ${JSON.stringify(preview.create)}, ${analysed.now.progress.total} records, ${preview.skippedCount} skipped`);
      return id;
    }

    console.log(`Load average before: ${loadavg().map((load) => load.toFixed(2)).join(' ')}\n`);
    if (!csvOnly) {
      const board = large('large-board.json');
      console.log(`Trello board, 5,000 cards (${mb(board.length)}):`);
      const boardId = await analyse(board, { source: 'trello', fileName: 'large-board.json' });
      const boardWrite = await phase('write', async () => {
        if ((await callApi(config, 'POST', `${path}/${boardId}/start`, { token })).status !== 200) throw new Error('Start refused');
        return whileIn(boardId, 'running');
      });
      console.log(`            ${boardWrite.now.status}: ${JSON.stringify(boardWrite.now.report?.created)}, ${boardWrite.now.report?.skippedCount ?? 0} skipped; ${(boardWrite.now.progress.done / (boardWrite.ms / 1000)).toFixed(0)} records/s`);
    }

    if (!boardOnly) {
      const csv = large('large-tasks.csv');
      const mapping: CsvMapping = { title: 'Title', description: 'Notes', status: 'Status', priority: 'Priority', dueDate: 'Due', assignee: 'Owner', labels: 'Tags' };
      console.log(`\nCSV, 100,000 rows (${mb(csv.length)}):`);
      const csvId = await analyse(csv, { source: 'csv', fileName: 'large-tasks.csv', mapping });
      const csvWrite = await phase('write', async () => {
        if ((await callApi(config, 'POST', `${path}/${csvId}/start`, { token })).status !== 200) throw new Error('Start refused');
        const begin = performance.now();
        return whileIn(csvId, 'running', () => performance.now() - begin < csvBudgetMs);
      });
      const { done, total } = csvWrite.now.progress;
      const stoppedEarly = csvWrite.now.status === 'running';
      console.log(`            ${stoppedEarly ? `STOPPED EARLY after the ${csvBudgetMs / 1000} s budget` : csvWrite.now.status}: ${done} of ${total} records written, ${(done / (csvWrite.ms / 1000)).toFixed(0)} records/s${stoppedEarly ? `; all ${total} would take ~${((total / done) * csvWrite.ms / 60_000).toFixed(0)} min` : ''}`);
      if (stoppedEarly) {
        // Cancelled under the worker: its next chunk's save finds the job no longer running and it stops.
        await updateImportJob(workspaceId, csvId, { from: ['running'] }, { status: 'cancelled', finishedAt: new Date().toISOString() });
        const before = (await job(csvId)).progress.done;
        await new Promise((resolve) => setTimeout(resolve, 5000));
        if ((await job(csvId)).progress.done !== before) console.log('            (the worker was still writing 5 s after the cancel)');
      }
    }
    console.log(`\nLoad average after: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  },
  { checkContracts: false },
);
