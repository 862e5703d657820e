/**
 * Whole seconds since the Unix epoch: what DynamoDB's time to live reads, and so what every expiry stored
 * beside it counts in. `at` is now unless given (a Date, milliseconds, or an ISO timestamp).
 */
export function epochSeconds(at: Date | number | string = Date.now()): number {
  const milliseconds = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  return Math.floor(milliseconds / 1000);
}
