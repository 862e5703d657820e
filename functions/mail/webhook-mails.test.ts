import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The modules read their settings at load, as in Lambda; so the variables are set before importing them.
vi.stubEnv('MAIL_SENDER', 'noreply@mail.example.com');
vi.stubEnv('WEB_URL', 'https://app.example.com/');
const ses = mockClient(SESClient);
const { sendMail } = await import('./mailer.js');
const { webhookTurnedOffMail } = await import('./webhook-mails.js');

afterAll(() => {
  vi.unstubAllEnvs();
  ses.restore();
});

describe('the webhook turned-off mail through SES', () => {
  beforeEach(() => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });
  });

  it('names the endpoint, the workspace and why, with a link to Workspace Settings', async () => {
    await sendMail(webhookTurnedOffMail({ to: 'owner@example.com', workspaceName: 'Acme', url: 'https://hooks.example.com/in', failingSince: '2026-12-01T10:00:00.000Z' }));
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Destination?.ToAddresses).toEqual(['owner@example.com']);
    expect(input?.Message?.Subject?.Data).toBe('A webhook of your workspace was turned off on TaskFlow');
    expect(input?.Message?.Body?.Text?.Data).toContain(
      'The webhook to https://hooks.example.com/in in the workspace "Acme" was turned off: every delivery to it has failed since 2026-12-01T10:00:00.000Z (3 days).',
    );
    expect(input?.Message?.Body?.Text?.Data).toContain('Open Workspace Settings: https://app.example.com/workspaces/settings');
    expect(input?.Message?.Body?.Html?.Data).toContain('<a href="https://app.example.com/workspaces/settings">Open Workspace Settings</a>');
  });

  it('keeps chosen text to plain words in the body and out of the subject', async () => {
    await sendMail(webhookTurnedOffMail({ to: 'owner@example.com', workspaceName: '<b>Acme</b>\r\nBcc: x@evil.test', url: 'https://hooks.example.com/<script>', failingSince: '2026-12-01T10:00:00.000Z' }));
    const message = ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message;
    expect(message?.Subject?.Data).toBe('A webhook of your workspace was turned off on TaskFlow');
    expect(message?.Body?.Html?.Data).not.toContain('<script>');
    expect(message?.Body?.Html?.Data).not.toContain('<b>');
    expect(message?.Body?.Text?.Data).not.toMatch(/Bcc: x@evil\.test\r?\n/);
  });
});
