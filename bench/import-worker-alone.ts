/**
 * One run of the import worker alone in this process, as its Lambda runs it (bench/import.ts starts it as a
 * child process with the local stack's environment: DynamoDB Local and the S3 stand-in of the bench):
 *
 *   node --import tsx bench/import-worker-alone.ts <workspaceId> <importId> <analyze|write> [budgetSeconds]
 *
 * A write stops after its first chunk past the budget, as a run whose time runs short does. Prints one line
 * of JSON: the process's peak RSS, its RSS once the worker's modules are loaded (before the run: what any
 * function of the bundle costs), its peak heap (sampled every 20 ms) and whether the write would go on in
 * another run.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runImport } from '../functions/imports/import-worker.js';

const [workspaceId, importId, phase, budget = '30'] = process.argv.slice(2);
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The peak RSS of this process's own memory: Linux's VmHWM. Not `process.resourceUsage().maxRSS`: Linux
 * carries that over from the parent across fork and exec, so a child of the bench (500 MB with its copies
 * of the file) would report the bench's size.
 */
function peakRssMb(): number {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

const loadedRss = process.memoryUsage().rss;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 20);
const deadline = performance.now() + Number(budget) * 1000;
let continues = false;
const begin = performance.now();
await runImport(
  { workspaceId, importId, phase },
  {
    timeLeftMs: () => deadline - performance.now(),
    reserveMs: 0,
    continueWith: () => {
      continues = true;
      return Promise.resolve();
    },
  },
);
clearInterval(sampler);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
console.log(
  JSON.stringify({
    seconds: Number(((performance.now() - begin) / 1000).toFixed(1)),
    loadedRssMb: megabytes(loadedRss),
    peakRssMb: peakRssMb(),
    peakHeapMb: megabytes(peakHeap),
    continues,
  }),
);
// The SDK's kept-alive sockets would hold the process open a while.
process.exit(0);
