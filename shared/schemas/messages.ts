import { config } from 'zod/v4/core';
import { en } from 'zod/v4/locales';

/**
 * zod's English texts for problems a schema gives no message of its own (zod/mini leaves them out unless
 * asked, to stay small). Both the API and the web app install them once, at start.
 */
export function installEnglishValidationMessages(): void {
  config(en());
}
