import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../functions/lib/abuse-limit-settings.js';
import { loadConfig } from '../../infra/config.js';

const noContext = () => undefined;
const fromContext = (values: Record<string, string>) => (name: string) => values[name];

describe('loadConfig', () => {
  it('defaults everything but appName, bedrockModelId and the abuse limits to unset', () => {
    expect(loadConfig(noContext, {})).toEqual({
      appName: 'taskflow',
      bedrockModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      mail: undefined,
      customDomain: undefined,
      alarmEmail: undefined,
      webUrl: undefined,
      openAi: undefined,
      // The functions' own defaults, from the one place that holds them.
      abuseLimits: DEFAULT_ABUSE_LIMITS,
    });
  });

  it('takes the daily assistant token budgets and the other abuse limits from context or TASKFLOW_ variables', () => {
    const config = loadConfig(fromContext({ assistantTokensPerUserPerDay: '500000', socketConnectsPerIpPerMinute: '60' }), {
      TASKFLOW_ASSISTANT_TOKENS_PER_USER_PER_DAY: '1', // context wins
      TASKFLOW_ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY: '4000000',
      TASKFLOW_INVITATIONS_PER_USER_PER_HOUR: '5',
      TASKFLOW_INVITATIONS_PER_USER_PER_DAY: '25',
      TASKFLOW_WORKSPACES_PER_USER_PER_DAY: '2',
    });
    expect(config.abuseLimits).toEqual({
      assistantTokensPerUserPerDay: 500_000,
      assistantTokensPerWorkspacePerDay: 4_000_000,
      invitationsPerHour: 5,
      invitationsPerDay: 25,
      workspacesPerDay: 2,
      socketConnectsPerIpPerMinute: 60,
      apiTokenRequestsPerMinute: 120,
      agentCallsPerMinute: 60,
      exportsPerHour: 10,
    });
    // A number in cdk.json's context block is taken as it is.
    expect(loadConfig((name) => (name === 'assistantTokensPerWorkspacePerDay' ? 30_000_000 : undefined), {}).abuseLimits.assistantTokensPerWorkspacePerDay).toBe(30_000_000);
  });

  it.each(['0', '-1', '1.5', '2,000,000', '2_000_000', '1e6', 'lots', '99999999999999999999'])('refuses the token budget %s: a positive integer only', (value) => {
    expect(() => loadConfig(fromContext({ assistantTokensPerUserPerDay: value }), {})).toThrow(
      /assistantTokensPerUserPerDay \(-c assistantTokensPerUserPerDay=\.\.\. or TASKFLOW_ASSISTANT_TOKENS_PER_USER_PER_DAY\): must be a positive integer/,
    );
    expect(() => loadConfig(noContext, { TASKFLOW_ASSISTANT_TOKENS_PER_WORKSPACE_PER_DAY: value })).toThrow(/assistantTokensPerWorkspacePerDay .*: must be a positive integer/);
  });

  it('refuses a limit from cdk.json that is not a positive integer', () => {
    expect(() => loadConfig((name) => (name === 'invitationsPerDay' ? 0 : name === 'workspacesPerDay' ? 2.5 : undefined), {})).toThrow(
      /invitationsPerDay .*: must be a positive integer[\s\S]*workspacesPerDay .*: must be a positive integer/,
    );
  });

  it('groups the OpenAI-compatible endpoint settings, and refuses a base URL that is not one or not TLS', () => {
    expect(loadConfig(noContext, { TASKFLOW_OPENAI_BASE_URL: 'https://models.internal:11434/v1', TASKFLOW_OPENAI_MODEL: 'llama3' }).openAi).toEqual({
      baseUrl: 'https://models.internal:11434/v1',
      model: 'llama3',
      apiKeySecretName: undefined,
    });
    expect(loadConfig(noContext, { TASKFLOW_OPENAI_BASE_URL: 'http://localhost:11434/v1' }).openAi?.baseUrl).toBe('http://localhost:11434/v1');
    expect(() => loadConfig(fromContext({ openAiBaseUrl: 'models.internal' }), {})).toThrow(/openAiBaseUrl/);
    // The key and the prompts would cross the network in clear text.
    expect(() => loadConfig(fromContext({ openAiBaseUrl: 'http://models.internal:11434/v1' }), {})).toThrow(/openAiBaseUrl .*: must be an https:\/\/ URL \(http only for localhost\)/);
    expect(() => loadConfig(fromContext({ openAiBaseUrl: 'http://localhost.evil.test/v1' }), {})).toThrow(/openAiBaseUrl/);
  });

  it("takes the endpoint key's Secrets Manager secret name, and refuses the key itself (it would sit in the worker's environment)", () => {
    const config = loadConfig(noContext, { TASKFLOW_OPENAI_BASE_URL: 'https://api.openai.com/v1', TASKFLOW_OPENAI_API_KEY_SECRET_NAME: 'taskflow/openai' });
    expect(config.openAi?.apiKeySecretName).toBe('taskflow/openai');
    expect(() => loadConfig(noContext, { TASKFLOW_OPENAI_BASE_URL: 'https://api.openai.com/v1', TASKFLOW_OPENAI_API_KEY: 'sk-123' })).toThrow(
      /openAiApiKey \(-c openAiApiKey=\.\.\. or TASKFLOW_OPENAI_API_KEY\): is no longer accepted: store the key in Secrets Manager and set openAiApiKeySecretName/,
    );
    expect(() => loadConfig(fromContext({ openAiApiKeySecretName: 'taskflow/openai' }), {})).toThrow(/openAiBaseUrl .*required with openAiApiKeySecretName/);
    expect(() => loadConfig(fromContext({ openAiBaseUrl: 'https://api.openai.com/v1', openAiApiKeySecretName: 'not a name!' }), {})).toThrow(/openAiApiKeySecretName/);
  });

  it('reads environment variables, and context wins over them', () => {
    const config = loadConfig(fromContext({ appName: 'from-context' }), {
      TASKFLOW_APP_NAME: 'from-env',
      TASKFLOW_ALARM_EMAIL: 'ops@example.com',
    });
    expect(config.appName).toBe('from-context');
    expect(config.alarmEmail).toBe('ops@example.com');
  });

  it('treats an empty value (-c alarmEmail=) as unset', () => {
    expect(loadConfig(fromContext({ alarmEmail: '', appName: '' }), {})).toMatchObject({
      alarmEmail: undefined,
      appName: 'taskflow',
    });
  });

  it('groups the settings that belong together', () => {
    const config = loadConfig(
      fromContext({
        mailSender: 'noreply@example.com',
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      }),
      {},
    );
    expect(config.mail).toEqual({ sender: 'noreply@example.com', domain: undefined });
    expect(config.customDomain).toEqual({
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    });
  });

  it('names the bad setting and both ways to set it', () => {
    expect(() => loadConfig(fromContext({ mailSender: 'not-an-address' }), {})).toThrow(
      /mailSender \(-c mailSender=\.\.\. or TASKFLOW_MAIL_SENDER\): Invalid email address/,
    );
    expect(() => loadConfig(noContext, { TASKFLOW_APP_NAME: 'Bad Name' })).toThrow(/appName .*lower-case/);
  });

  it('requires domainName and certificateArn together', () => {
    expect(() => loadConfig(fromContext({ domainName: 'app.example.com' }), {})).toThrow(
      /certificateArn .*must be set together/,
    );
  });

  it('requires the CloudFront certificate to live in us-east-1', () => {
    const certificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/abc-123';
    expect(() => loadConfig(fromContext({ domainName: 'app.example.com', certificateArn }), {})).toThrow(
      /certificateArn .*us-east-1/,
    );
  });

  it('requires a sender at the mail domain', () => {
    expect(() => loadConfig(fromContext({ mailDomain: 'example.com' }), {})).toThrow(/mailSender .*required/);
    expect(() =>
      loadConfig(fromContext({ mailDomain: 'example.com', mailSender: 'noreply@other.org' }), {}),
    ).toThrow(/mailSender .*example\.com/);
  });

  it('reports every bad setting at once', () => {
    expect(() => loadConfig(fromContext({ mailSender: 'x', alarmEmail: 'y' }), {})).toThrow(
      /mailSender[\s\S]*alarmEmail/,
    );
  });

  it('takes the web URL for mail links from webUrl, else from the custom domain; https only', () => {
    expect(loadConfig(fromContext({ webUrl: 'https://d1.cloudfront.net/' }), {}).webUrl).toBe('https://d1.cloudfront.net');
    const withDomain = loadConfig(noContext, {
      TASKFLOW_DOMAIN_NAME: 'app.example.com',
      TASKFLOW_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    expect(withDomain.webUrl).toBe('https://app.example.com');
    expect(() => loadConfig(fromContext({ webUrl: 'http://insecure.example.com' }), {})).toThrow(/webUrl .*https/);
  });
});
