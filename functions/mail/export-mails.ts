import { EXPORT_DAYS } from '../../shared/schemas/export.js';
import { APP_NAME, buildMail, webUrl } from './compose.js';
import type { OutgoingMail } from './mailer.js';

export interface ExportReadyMailInput {
  readonly to: string;
  readonly what: string;
  /** The app's page that offers the download (the files' own links last minutes, so none is mailed). */
  readonly pagePath: string;
}

/** To the person who asked for an export, when its files are ready. */
export function exportReadyMail({ to, what, pagePath }: ExportReadyMailInput): OutgoingMail {
  return buildMail({
    to,
    subject: `Your ${APP_NAME} export is ready`,
    lines: [`Your export of ${what} is ready.`, `Download it from the page below within ${EXPORT_DAYS} days; after that its files are deleted.`],
    link: webUrl ? { url: `${webUrl}${pagePath}`, label: 'Open the export' } : undefined,
  });
}
