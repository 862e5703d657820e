/**
 * Thrown at the end of a scheduled run that left work undone (a workspace it could not plan, a mail it could
 * not send), after doing the rest. A run that returned would be over for EventBridge and Lambda; failing it
 * makes Lambda deliver the event again (twice, then the dead-letter queue, which raises an alarm), and the
 * run's records make that retry skip what is already done.
 */
export class IncompleteRunError<Summary extends object> extends Error {
  constructor(
    job: string,
    readonly summary: Summary,
  ) {
    super(`${job} left work undone: ${JSON.stringify(summary)}`);
    this.name = 'IncompleteRunError';
  }
}
