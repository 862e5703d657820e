/**
 * How fast the assistant answers through the local WebSocket gateway with the built-in offline provider:
 * time from sending a message to its start frame, to the first text-delta and to done, and the frames'
 * count and sizes.
 *
 *   npx tsx bench/assistant.ts [runs=6]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20030) and data folder, signs a user up
 * with a workspace and a project, and sends each kind of message `runs` times on one socket, as the
 * browser does: a task created (a write tool, then its answer), a list (a read tool over the task index)
 * and the help text (the longest answer, streamed at the default pace). A fresh user every 18 messages
 * keeps under the per-user limit of 20 a minute. Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { serverMessage } from '../shared/realtime.js';
import { CHAT_FRAME_MAX_BYTES } from '../shared/schemas/chat.js';
import { callApi, openSocket, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';

const [runs = 6] = process.argv.slice(2, 3).map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20030);
const MESSAGES_PER_USER = 18;

interface Timing {
  start: number;
  firstText: number;
  done: number;
  frames: number;
  bytes: number;
  largestFrame: number;
}

/** Sends one message and times its reply's frames as they arrive. */
function ask(socket: WebSocket, workspaceId: string, message: string): Promise<Timing> {
  const requestId = randomUUID();
  const sent = performance.now();
  const timing: Timing = { start: NaN, firstText: NaN, done: NaN, frames: 0, bytes: 0, largestFrame: 0 };
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const raw = String(data);
      const parsed = serverMessage.parse(JSON.parse(raw));
      if (parsed.type !== 'chat' || parsed.requestId !== requestId) return;
      const elapsed = performance.now() - sent;
      timing.frames += 1;
      timing.bytes += Buffer.byteLength(raw);
      timing.largestFrame = Math.max(timing.largestFrame, Buffer.byteLength(raw));
      if (parsed.frame.type === 'start') timing.start = elapsed;
      if (parsed.frame.type === 'text-delta' && Number.isNaN(timing.firstText)) timing.firstText = elapsed;
      if (parsed.frame.type === 'error') reject(new Error(parsed.frame.data.message));
      if (parsed.frame.type === 'done') {
        timing.done = elapsed;
        socket.off('message', onMessage);
        resolve(timing);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ action: 'chat', requestId, workspaceId, message, timeZone: 'UTC' }));
  });
}

/** Closes and waits for the gateway's $disconnect to have run, before the stack stops under it. */
async function closeSocket(socket: WebSocket | undefined): Promise<void> {
  if (!socket) return;
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.close();
  await closed;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms (max ${Math.max(...values).toFixed(0)})`;

runBench(portBase, async (config) => {
  const prompts = [
    { label: 'create a task (write tool)', message: (run: number) => `add a high priority task 'Bench ${run}' to Apollo due next friday, 90 min` },
    { label: 'what is due this week (read)', message: () => 'what is due this week' },
    { label: 'what can you do (long answer)', message: () => 'what can you do' },
  ];
  const timings = new Map<string, Timing[]>(prompts.map((prompt) => [prompt.label, []]));
  let socket: WebSocket | undefined;
  let workspaceId = '';
  let sentByUser = MESSAGES_PER_USER;

  for (let run = 0; run < runs; run += 1) {
    for (const prompt of prompts) {
      if (sentByUser >= MESSAGES_PER_USER) {
        await closeSocket(socket);
        const user = await signUpAndSignIn(config);
        const created = await callApi(config, 'POST', '/workspaces', { token: user.idToken, body: { name: 'Bench' } });
        workspaceId = (created.body as { workspace: { id: string } }).workspace.id;
        await callApi(config, 'POST', `/workspaces/${workspaceId}/projects`, { token: user.idToken, body: { name: 'Apollo' } });
        socket = await openSocket(config, user.idToken);
        sentByUser = 0;
      }
      if (!socket) throw new Error('No socket');
      timings.get(prompt.label)?.push(await ask(socket, workspaceId, prompt.message(run)));
      sentByUser += 1;
    }
  }
  await closeSocket(socket);

  console.log(`Assistant through the local WebSocket gateway, offline provider, ${runs} runs each (median, max):\n`);
  for (const [label, list] of timings) {
    console.log(label);
    console.log(`  start frame      ${ms(list.map((timing) => timing.start))}`);
    console.log(`  first text-delta ${ms(list.map((timing) => timing.firstText))}`);
    console.log(`  done             ${ms(list.map((timing) => timing.done))}`);
    const frames = median(list.map((timing) => timing.frames));
    const bytes = median(list.map((timing) => timing.bytes));
    const largest = Math.max(...list.map((timing) => timing.largestFrame));
    console.log(`  frames ${frames}, ${(bytes / 1024).toFixed(1)} kB in all, largest ${largest} B (limit ${CHAT_FRAME_MAX_BYTES} B)\n`);
  }
});
