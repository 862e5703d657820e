/**
 * A SIGTERM to `npm start` (an IDE's stop button, a process manager) ends npm and its shell but is not
 * passed on to this process, and a SIGKILL passes nothing: either way this process is handed to another
 * parent, so it stops the stack itself rather than leave DynamoDB Local and the gateways running.
 */
export function stopWhenOrphaned(stop: () => void, intervalMs = 1000): void {
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) stop();
  }, intervalMs).unref();
}
