/**
 * Imports (issue 39) of the large generated files through the real routes and the import worker (run in
 * process by the local gateway's Lambda endpoint, as the integration tests run it) on DynamoDB Local and
 * the S3 stand-in: the 5,000-card Trello board, analysed and written in full; then the ~50 MB CSV
 * (100,000 rows), analysed in full and written for as long as a time budget allows. For each phase: wall
 * time, CPU seconds of this process and of DynamoDB Local, the DynamoDB requests of this process by command
 * (the worker, the stream consumers it sets off, and the status polls), and this process's peak RSS and
 * heap (sampled every 50 ms; the whole local back end but DynamoDB Local runs in it). After the board's
 * write, the time until the stream consumers have caught up. Before the CSV's phases, the worker alone in a
 * child process (import-worker-alone.ts) analyses the CSV and writes it for 20 s: its peak RSS and heap are
 * the worker's memory, as its Lambda's.
 *
 *   npx tsx tests/fixtures/imports/generate.ts   # once: tests/fixtures/imports/large/
 *   npx tsx bench/import.ts [csvWriteBudgetSeconds=60] [--csv-only | --board-only]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20090) and data folder. Asserts nothing.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
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

/** DynamoDB Local's process (started by the stack on this bench's port), found by its command line. */
function dynamoDbLocalPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (command[0]?.endsWith('java') && command.includes('-port') && command[command.indexOf('-port') + 1] === String(portBase)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** A Linux process's CPU seconds (user + system) from /proc (clock ticks of 1/100 s); 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds spent in a phase by this process (the worker, the stream consumers, the gateway and the
 * polls) and by DynamoDB Local: on a machine shared with other work, wall time grows with its load; these
 * do much less.
 */
function cpuSpent(): { start: () => void; stop: () => string } {
  const java = dynamoDbLocalPid();
  let node = process.cpuUsage();
  let dynamo = 0;
  return {
    start() {
      node = process.cpuUsage();
      dynamo = java === undefined ? 0 : cpuSecondsOf(java);
    },
    stop() {
      const used = process.cpuUsage(node);
      const own = (used.user + used.system) / 1e6;
      const theirs = java === undefined ? 'DynamoDB Local not found' : `DynamoDB Local ${(cpuSecondsOf(java) - dynamo).toFixed(1)} s`;
      return `CPU: this process ${own.toFixed(1)} s, ${theirs}`;
    },
  };
}

/** How long the worker alone writes the CSV: enough for its memory to level off. */
const WORKER_ALONE_WRITE_SECONDS = 20;
const workerAloneRun = z.object({ seconds: z.number(), loadedRssMb: z.number(), peakRssMb: z.number(), peakHeapMb: z.number(), continues: z.boolean() });
type WorkerAloneRun = z.infer<typeof workerAloneRun>;

/** Runs bench/import-worker-alone.ts in a child process with this process's environment (the stack's endpoints). */
async function childWorker(workspaceId: string, importId: string, phase: 'analyze' | 'write', budgetSeconds = 900): Promise<WorkerAloneRun> {
  const script = fileURLToPath(new URL('./import-worker-alone.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, workspaceId, importId, phase, String(budgetSeconds)], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The worker alone ended with ${String(code)}`);
  return workerAloneRun.parse(JSON.parse(output.trim().split('\n').at(-1) ?? ''));
}

const aloneMemory = (run: WorkerAloneRun) => `peak RSS ${run.peakRssMb} MB (${run.loadedRssMb} MB once loaded), peak heap ${run.peakHeapMb} MB`;

runBench(
  portBase,
  async (config: WebConfig) => {
    const counts = await countDynamoDbRequests();
    const { updateImportJob } = await import('../functions/data/imports.js');
    const memory = memoryPeaks();
    const cpu = cpuSpent();
    const { idToken: token } = await signUpAndSignIn(config, `bench-${randomUUID().slice(0, 8)}@example.com`);
    const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: 'Import bench' } });
    const workspaceId = workspaceResponse.parse(created.body).workspace.id;
    const path = `/workspaces/${workspaceId}/imports`;
    const job = async (id: string): Promise<ImportView> => importResponse.parse((await callApi(config, 'GET', `${path}/${id}`, { token })).body).import;

    /**
     * Polls every second (the page does every 1.5 s) while the job is in `status` and `more()` holds; the job
     * and the polls made. Each poll is a request through the gateway and three GetItems, on the same cores.
     */
    async function whileIn(id: string, status: 'analyzing' | 'running', more: () => boolean = () => true) {
      let polls = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        polls += 1;
        const now = await job(id);
        if (now.status !== status || !more()) return { now, polls };
      }
    }

    /** Runs a phase: its time, DynamoDB requests and memory printed. */
    async function phase<T extends { polls: number }>(label: string, run: () => Promise<T>): Promise<T & { ms: number }> {
      counts.clear();
      memory.start();
      cpu.start();
      const begin = performance.now();
      const result = await run();
      const ms = performance.now() - begin;
      console.log(`  ${label.padEnd(9)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${cpu.stop()}; ${memory.stop()}; DynamoDB ${counts.text()} (with ${result.polls} status polls)`);
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
      console.log(`            preview: ${JSON.stringify(preview.create)} (and ${preview.labelsMatched} labels matching existing ones), ${analysed.now.progress.total} records, ${preview.skippedCount} skipped`);
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
      // The stream consumers (search entries, history, pushes) go on at their own pace after the job is done.
      await phase('stream', async () => {
        for (let last = -1; counts.total() !== last; ) {
          last = counts.total();
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
        return { polls: 0 };
      });
      console.log('            the stream consumers caught up (no DynamoDB request for 3 s; the phase includes those 3 s)');
    }

    /**
     * The worker alone in a child process, as its Lambda: the file uploaded again (not timed), the job moved
     * to each phase as the routes do, the child running that phase on this stack's DynamoDB Local and S3
     * stand-in; the write for WORKER_ALONE_WRITE_SECONDS, then cancelled.
     */
    async function workerAlone(bytes: Buffer, body: object) {
      const asked = await callApi(config, 'POST', path, { token, body: { ...body, size: bytes.length, sha256: sha256(bytes), allowDuplicate: true } });
      if (asked.status !== 201) throw new Error(`Asking answered ${asked.status}: ${JSON.stringify(asked.body)}`);
      const ticket = importUpload.parse(asked.body);
      if ((await postFile(ticket, bytes)).status !== 204) throw new Error('The upload failed');
      const { id } = ticket.import;
      const moved = (from: 'uploading' | 'ready', status: 'analyzing' | 'running') => updateImportJob(workspaceId, id, { from: [from] }, { status });
      if (!(await moved('uploading', 'analyzing'))) throw new Error('The job was not uploading');
      const analysis = await childWorker(workspaceId, id, 'analyze');
      console.log(`  alone, analysis ${analysis.seconds.toFixed(1).padStart(6)} s  ${aloneMemory(analysis)}`);
      if (!(await moved('ready', 'running'))) throw new Error(`The analysis ended ${(await job(id)).status}`);
      const write = await childWorker(workspaceId, id, 'write', WORKER_ALONE_WRITE_SECONDS);
      const { done } = (await job(id)).progress;
      console.log(`  alone, write    ${write.seconds.toFixed(1).padStart(6)} s  ${aloneMemory(write)}; ${done} records written${write.continues ? ', stopped there as a run whose time runs short' : ''}`);
      await updateImportJob(workspaceId, id, { from: ['running'] }, { status: 'cancelled', finishedAt: new Date().toISOString() });
    }

    if (!boardOnly) {
      const csv = large('large-tasks.csv');
      const mapping: CsvMapping = { title: 'Title', description: 'Notes', status: 'Status', priority: 'Priority', dueDate: 'Due', assignee: 'Owner', labels: 'Tags' };
      console.log(`\nCSV, 100,000 rows (${mb(csv.length)}):`);
      await workerAlone(csv, { source: 'csv', fileName: 'large-tasks.csv', mapping });
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
