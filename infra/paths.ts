import { fileURLToPath } from 'node:url';

/** The repository root: route handlers and the web app are addressed relative to it. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
