import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_PATHS, createOutbox, parseSendEmail } from './outbox.js';

const sendEmailForm = new URLSearchParams({
  Action: 'SendEmail',
  Source: 'noreply@taskflow.local',
  'Destination.ToAddresses.member.1': 'bea@example.com',
  'Message.Subject.Data': 'Ada added you to <Acme>',
  'Message.Body.Text.Data': 'Open TaskFlow: http://localhost:5173',
  'Message.Body.Html.Data': '<p>Hi</p>',
});

describe('local outbox (the fake SES endpoint)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  function outbox() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    return createOutbox(dir);
  }
  const url = (pathname: string) => new URL(pathname, 'http://localhost:3001');

  it('reads SendEmail from the SES Query API form', () => {
    expect(parseSendEmail(sendEmailForm, new Date('2026-01-02T03:04:05Z'))).toEqual({
      to: 'bea@example.com',
      subject: 'Ada added you to <Acme>',
      text: 'Open TaskFlow: http://localhost:5173',
      html: '<p>Hi</p>',
      sentAt: '2026-01-02T03:04:05.000Z',
    });
    expect(parseSendEmail(new URLSearchParams({ Action: 'SendRawEmail' }), new Date())).toBeUndefined();
  });

  it('stores sent mail and lists it newest first as JSON and as an escaped page', async () => {
    const box = outbox();
    const answer = await box.handle('POST', url(`${OUTBOX_PATHS.ses}/`), Buffer.from(sendEmailForm.toString()));
    expect(answer?.statusCode).toBe(200);
    expect(answer?.body).toContain('<MessageId>');
    const second = new URLSearchParams(sendEmailForm);
    second.set('Message.Subject.Data', 'Second');
    await box.handle('POST', url(OUTBOX_PATHS.ses), Buffer.from(second.toString()));

    const json = await box.handle('GET', url(OUTBOX_PATHS.json), Buffer.alloc(0));
    expect((JSON.parse(json?.body ?? '[]') as { subject: string }[]).map((mail) => mail.subject)).toEqual([
      'Second',
      'Ada added you to <Acme>',
    ]);
    const page = await box.handle('GET', url(OUTBOX_PATHS.page), Buffer.alloc(0));
    expect(page?.contentType).toMatch(/^text\/html/);
    expect(page?.body).toContain('Ada added you to &#60;Acme&#62;');
    expect(page?.body).toContain('<a href="http://localhost:5173">');
  });

  it('refuses other SES actions and ignores other paths', async () => {
    const box = outbox();
    const refused = await box.handle('POST', url(OUTBOX_PATHS.ses), Buffer.from('Action=SendRawEmail'));
    expect(refused?.statusCode).toBe(400);
    expect(await box.handle('GET', url('/workspaces'), Buffer.alloc(0))).toBeUndefined();
    expect(JSON.parse((await box.handle('GET', url(OUTBOX_PATHS.json), Buffer.alloc(0)))?.body ?? '')).toEqual([]);
  });
});
