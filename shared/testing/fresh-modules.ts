import { vi } from 'vitest';

/**
 * The unit tests share one module cache per worker (vitest.config.ts: `isolate: false`), so the packages load
 * once. Each test file still gets the project's own modules anew, as if alone: a file that sets the
 * environment and then imports a handler sees its own settings, not those of a file that ran before it.
 */
vi.resetModules();
