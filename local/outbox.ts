import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { escapeHtml } from '../functions/mail/escape-html.js';

/**
 * The local stand-in for SES. The functions' real @aws-sdk/client-ses is pointed here through
 * AWS_ENDPOINT_URL_SES; SendEmail calls (the SES Query API) are appended to <dataDir>/outbox.jsonl, and a
 * page lists them, because no real mail can leave a developer's machine.
 */
export const OUTBOX_PATHS = { ses: '/_local/ses', page: '/_local/outbox', json: '/_local/outbox.json' } as const;

export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export interface LocalResponse {
  readonly statusCode: number;
  readonly contentType: string;
  readonly body: string;
}

/** The SendEmail fields of an SES Query API request body (form-encoded, `member.N` lists). */
export function parseSendEmail(form: URLSearchParams, sentAt: Date): OutboxMail | undefined {
  if (form.get('Action') !== 'SendEmail') return undefined;
  const to = [...form.entries()]
    .filter(([name]) => /^Destination\.ToAddresses\.member\.\d+$/.test(name))
    .map(([, value]) => value);
  const html = form.get('Message.Body.Html.Data');
  return {
    to: to.join(', '),
    subject: form.get('Message.Subject.Data') ?? '',
    text: form.get('Message.Body.Text.Data') ?? '',
    ...(html === null ? {} : { html }),
    sentAt: sentAt.toISOString(),
  };
}

/** Escaped text with its http(s) addresses as links, so a sign-up link can be followed from the page. */
function linkified(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function renderOutboxPage(mails: readonly OutboxMail[]): string {
  const items = mails.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></p>
  <pre>${linkified(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local outbox · TaskFlow</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}h2{font-size:1.05rem}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Mail the app sent through SES on this machine, newest first. <a href="${OUTBOX_PATHS.json}">JSON</a></p>
${items.length > 0 ? items.join('\n') : '<p>No mail sent yet.</p>'}
</body>
</html>`;
}

function sesResponse(): LocalResponse {
  const body = `<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult><MessageId>${randomUUID()}</MessageId></SendEmailResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></SendEmailResponse>`;
  return { statusCode: 200, contentType: 'text/xml', body };
}

function sesError(code: string, message: string): LocalResponse {
  const body = `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeHtml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
  return { statusCode: 400, contentType: 'text/xml', body };
}

export interface Outbox {
  /** Answers the outbox's paths; undefined for any other request. */
  handle(method: string, url: URL, body: Buffer): Promise<LocalResponse | undefined>;
  list(): Promise<OutboxMail[]>;
}

export function createOutbox(dataDir: string): Outbox {
  const file = path.join(dataDir, 'outbox.jsonl');

  async function list(): Promise<OutboxMail[]> {
    const content = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    return content
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => outboxMail.parse(JSON.parse(line)))
      .reverse();
  }

  async function store(mail: OutboxMail): Promise<void> {
    await mkdir(dataDir, { recursive: true });
    await appendFile(file, `${JSON.stringify(mail)}\n`);
  }

  return {
    list,
    async handle(method, url, body) {
      // The SDK posts to the endpoint's path, with or without a trailing slash.
      const pathname = url.pathname.replace(/\/+$/, '');
      if (method === 'POST' && pathname === OUTBOX_PATHS.ses) {
        const mail = parseSendEmail(new URLSearchParams(body.toString('utf8')), new Date());
        if (!mail) return sesError('InvalidAction', 'The local SES endpoint supports SendEmail only');
        await store(mail);
        return sesResponse();
      }
      if (method !== 'GET') return undefined;
      if (pathname === OUTBOX_PATHS.json) return { statusCode: 200, contentType: 'application/json', body: JSON.stringify(await list()) };
      if (pathname === OUTBOX_PATHS.page) return { statusCode: 200, contentType: 'text/html; charset=utf-8', body: renderOutboxPage(await list()) };
      return undefined;
    },
  };
}
