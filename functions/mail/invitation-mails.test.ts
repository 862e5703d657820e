import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The modules read their settings at load, as in Lambda; so the variables are set before importing them.
vi.stubEnv('MAIL_SENDER', 'noreply@mail.example.com');
vi.stubEnv('WEB_URL', 'https://app.example.com/');
const ses = mockClient(SESClient);
const { sendAddedToWorkspaceMail, sendSignUpInvitationMail } = await import('./invitation-mails.js');

afterAll(() => {
  vi.unstubAllEnvs();
  ses.restore();
});

describe('invitation mails through SES', () => {
  beforeEach(() => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });
  });

  it('never mails the sender address itself, so no bounce or auto-reply can loop back', async () => {
    await sendSignUpInvitationMail({ to: 'NoReply@mail.example.com', workspaceName: 'Acme', inviterName: 'Ada' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('tells an existing account it was added, from the configured sender, with a link to the app', async () => {
    await sendAddedToWorkspaceMail({ to: 'bea@example.com', workspaceName: 'Acme', inviterName: 'Ada' });

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input?.Source).toBe('noreply@mail.example.com');
    expect(input?.Destination?.ToAddresses).toEqual(['bea@example.com']);
    expect(input?.Message?.Subject?.Data).toBe('You were added to a workspace on TaskFlow');
    expect(input?.Message?.Body?.Text?.Data).toContain('Ada added you to the workspace "Acme" on TaskFlow.');
    expect(input?.Message?.Body?.Text?.Data).toContain('Open TaskFlow: https://app.example.com');
    expect(input?.Message?.Body?.Html?.Data).toContain('<a href="https://app.example.com">Open TaskFlow</a>');
  });

  it('sends a new address the sign-up link of the web app', async () => {
    await sendSignUpInvitationMail({ to: 'new@example.com', workspaceName: 'Acme', inviterName: 'Ada' });

    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Destination?.ToAddresses).toEqual(['new@example.com']);
    expect(input?.Message?.Subject?.Data).toBe('You are invited to a workspace on TaskFlow');
    expect(input?.Message?.Body?.Text?.Data).toContain('Create your account: https://app.example.com/auth/register?email=new%40example.com');
    expect(input?.Message?.Body?.Html?.Data).toContain('href="https://app.example.com/auth/register?email=new%40example.com"');
  });

  it('escapes names in the HTML part and keeps the subject on one line', async () => {
    await sendSignUpInvitationMail({
      to: 'new@example.com',
      workspaceName: '<img src=x onerror=alert(1)>\r\nBcc: x@evil.test',
      inviterName: 'Eve & "co"',
    });

    const message = ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message;
    expect(message?.Body?.Html?.Data).not.toContain('<img');
    expect(message?.Body?.Html?.Data).toContain('img src x onerror alert(1) Bcc: x@evil.test');
    expect(message?.Body?.Html?.Data).toContain('Eve &#38; &#34;co&#34;');
    expect(message?.Subject?.Data).not.toMatch(/[\r\n]/);
  });

  it('puts no chosen name in the subject, and in the text only letters, digits, punctuation and spaces of it', async () => {
    await sendAddedToWorkspaceMail({
      to: 'bea@example.com',
      workspaceName: 'Acme\u2028Bcc: x@evil.test\u000b \u{E0041}\u3164 Ünïcode ✅ $100',
      inviterName: 'Eve\u0000\u202Ekcab\u2066 Security Team',
    });

    const message = ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message;
    expect(message?.Subject?.Data).toBe('You were added to a workspace on TaskFlow');
    const firstLine = (message?.Body?.Text?.Data ?? '').split('\n\n')[0];
    // Control, line-separator, direction-override, tag and filler characters and symbols are gone.
    expect(firstLine).toBe('Eve kcab Security Team added you to the workspace "Acme Bcc: x@evil.test Ünïcode 100" on TaskFlow.');
  });

  it('passes an SES refusal on to the caller', async () => {
    ses.on(SendEmailCommand).rejects(new Error('Email address is not verified'));
    await expect(sendAddedToWorkspaceMail({ to: 'bea@example.com', workspaceName: 'Acme', inviterName: 'Ada' })).rejects.toThrow(
      'Email address is not verified',
    );
  });
});
