/** Progress lines of the local stack: short, prefixed, readable in a terminal. */
export function step(message: string): void {
  console.log(`  • ${message}`);
}

export function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** An error the user can fix (missing Java, port taken); shown without a stack trace. */
export class LocalStackError extends Error {
  override name = 'LocalStackError';
}
