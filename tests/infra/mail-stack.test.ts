import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../infra/config.js';
import { buildTestApp, fullConfig, minimalConfig, templateOf } from './app-fixture.js';

function mailTemplate(config: AppConfig): Template {
  const { mail } = buildTestApp(config).stacks;
  if (!mail) throw new Error('Expected a mail stack');
  return templateOf(mail);
}

describe('MailStack', () => {
  it('verifies the whole mail domain when one is set', () => {
    mailTemplate(fullConfig).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.com' });
  });

  it('verifies the sender address alone without a mail domain', () => {
    const config = loadConfig(() => undefined, { TASKFLOW_MAIL_SENDER: 'me@example.com' });
    mailTemplate(config).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'me@example.com' });
  });

  it('is left out when no sender is configured', () => {
    expect(buildTestApp(minimalConfig).stacks.mail).toBeUndefined();
  });
});
