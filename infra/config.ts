import { z } from 'zod';
import { ABUSE_LIMIT_NAMES, ABUSE_LIMIT_VARIABLES, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../functions/lib/abuse-limit-settings.js';

/**
 * The abuse limits (functions/lib/abuse-limit-settings.ts) as settings of the same names, e.g.
 * `-c assistantTokensPerUserPerDay=5000000` or TASKFLOW_ASSISTANT_TOKENS_PER_USER_PER_DAY.
 */
const ABUSE_LIMIT_SETTINGS = Object.fromEntries(ABUSE_LIMIT_NAMES.map((name) => [name, `TASKFLOW_${ABUSE_LIMIT_VARIABLES[name]}`])) as {
  readonly [Name in keyof AbuseLimits]: string;
};

/**
 * Deployment settings, read once when the CDK app starts. Each comes from CDK context (`-c name=value` or
 * the `context` block of cdk.json) or else from its environment variable; context wins.
 */
const SETTINGS = {
  appName: 'TASKFLOW_APP_NAME',
  mailSender: 'TASKFLOW_MAIL_SENDER',
  mailDomain: 'TASKFLOW_MAIL_DOMAIN',
  bedrockModelId: 'TASKFLOW_BEDROCK_MODEL_ID',
  openAiBaseUrl: 'TASKFLOW_OPENAI_BASE_URL',
  openAiModel: 'TASKFLOW_OPENAI_MODEL',
  openAiApiKeySecretName: 'TASKFLOW_OPENAI_API_KEY_SECRET_NAME',
  // No longer accepted (the key went into the worker's environment); read only to refuse it, naming the replacement.
  openAiApiKey: 'TASKFLOW_OPENAI_API_KEY',
  domainName: 'TASKFLOW_DOMAIN_NAME',
  certificateArn: 'TASKFLOW_CERTIFICATE_ARN',
  alarmEmail: 'TASKFLOW_ALARM_EMAIL',
  webUrl: 'TASKFLOW_WEB_URL',
  googleClientId: 'TASKFLOW_GOOGLE_CLIENT_ID',
  googleClientSecretName: 'TASKFLOW_GOOGLE_CLIENT_SECRET_NAME',
  ...ABUSE_LIMIT_SETTINGS,
} as const;

type SettingName = keyof typeof SETTINGS;

/** `-c alarmEmail=` passes an empty string; treat it as "not set" rather than as an invalid value. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const secretName = z.string().regex(/^[\w/+=.@-]{1,512}$/, 'must be a Secrets Manager secret name');

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lower-case host name');

/**
 * A limit: a whole number from 1 up, as context gives it (a number from cdk.json, a string from `-c`) or an
 * environment variable (a string); unset, the functions' own default.
 */
function abuseLimit(name: keyof AbuseLimits) {
  const mustBe = 'must be a positive integer';
  return optional(
    z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z.number({ error: mustBe }).int(mustBe).min(1, mustBe),
    ),
  ).transform((value) => value ?? DEFAULT_ABUSE_LIMITS[name]);
}

const abuseLimitsShape = Object.fromEntries(ABUSE_LIMIT_NAMES.map((name) => [name, abuseLimit(name)])) as {
  readonly [Name in keyof AbuseLimits]: ReturnType<typeof abuseLimit>;
};

const settingsSchema = z
  .object({
    // Prefixes every stack and some resource names, so it must be short and DNS/CloudFormation safe.
    appName: optional(
      z.string().regex(/^[a-z][a-z0-9-]{1,19}$/, 'must be 2-20 lower-case letters, digits or hyphens, starting with a letter'),
    ).transform((value) => value ?? 'taskflow'),
    mailSender: optional(z.email()),
    mailDomain: optional(hostname),
    bedrockModelId: optional(z.string().min(1)).transform((value) => value ?? 'anthropic.claude-3-5-haiku-20241022-v1:0'),
    // An OpenAI-compatible chat endpoint for the assistant instead of Bedrock. Its key and every prompt travel
    // to it, so only over TLS (http only to this machine, for a model served beside a test deployment).
    openAiBaseUrl: optional(
      z
        .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
        .refine((url) => url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url), 'must be an https:// URL (http only for localhost)'),
    ),
    openAiModel: optional(z.string().min(1)),
    // The endpoint's bearer key stays in Secrets Manager: the chat worker gets the secret's name and may read
    // that one secret, so the key is in no template, environment variable or console page.
    openAiApiKeySecretName: optional(secretName),
    openAiApiKey: optional(z.string()).refine((value) => value === undefined, 'is no longer accepted: store the key in Secrets Manager and set openAiApiKeySecretName'),
    domainName: optional(hostname),
    // CloudFront only accepts certificates from us-east-1, whatever region the stacks deploy to.
    certificateArn: optional(
      z.string().regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'must be an ACM certificate ARN in us-east-1'),
    ),
    alarmEmail: optional(z.email()),
    // The web app's public address for links in mails. Without a custom domain it is the CloudFront
    // address, known only after the web stack exists (which depends on the API), so it is a setting.
    webUrl: optional(z.url({ protocol: /^https$/, error: 'must be an https:// URL' })),
    // Google Calendar: the OAuth client's id and the name of the Secrets Manager secret holding its secret.
    googleClientId: optional(z.string().regex(/^[\w.-]+\.apps\.googleusercontent\.com$/, 'must be an OAuth client id ending in .apps.googleusercontent.com')),
    googleClientSecretName: optional(secretName),
    // What one user may cost others: mails, workspaces, WebSocket connects, and the assistant's model tokens
    // a day per user and per workspace (the cap on the model bill). Each function that enforces one gets it.
    ...abuseLimitsShape,
  })
  .superRefine((settings, ctx) => {
    if (settings.mailDomain && !settings.mailSender) {
      ctx.addIssue({ code: 'custom', path: ['mailSender'], message: 'is required when mailDomain is set' });
    }
    if (settings.mailDomain && settings.mailSender && !settings.mailSender.endsWith(`@${settings.mailDomain}`)) {
      ctx.addIssue({ code: 'custom', path: ['mailSender'], message: `must be an address at mailDomain ${settings.mailDomain}` });
    }
    if (Boolean(settings.googleClientId) !== Boolean(settings.googleClientSecretName)) {
      const missing = settings.googleClientId ? 'googleClientSecretName' : 'googleClientId';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'googleClientId and googleClientSecretName must be set together' });
    }
    if (settings.googleClientId && !settings.webUrl && !settings.domainName) {
      ctx.addIssue({ code: 'custom', path: ['webUrl'], message: 'is required with Google Calendar (the OAuth redirect goes to <webUrl>/integrations/google-calendar/callback)' });
    }
    if (settings.openAiApiKeySecretName && !settings.openAiBaseUrl) {
      ctx.addIssue({ code: 'custom', path: ['openAiBaseUrl'], message: 'is required with openAiApiKeySecretName (the key is for that endpoint)' });
    }
    if (Boolean(settings.domainName) !== Boolean(settings.certificateArn)) {
      const missing = settings.domainName ? 'certificateArn' : 'domainName';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'domainName and certificateArn must be set together' });
    }
  })
  // Settings that only make sense together are grouped, so no stack can use one without the other.
  .transform(({ mailSender, mailDomain, domainName, certificateArn, webUrl, openAiBaseUrl, openAiModel, openAiApiKeySecretName, openAiApiKey: _refused, googleClientId, googleClientSecretName, ...rest }) => ({
    ...rest,
    google: googleClientId && googleClientSecretName ? { clientId: googleClientId, clientSecretName: googleClientSecretName } : undefined,
    openAi: openAiBaseUrl ? { baseUrl: openAiBaseUrl, model: openAiModel, apiKeySecretName: openAiApiKeySecretName } : undefined,
    mail: mailSender ? { sender: mailSender, domain: mailDomain } : undefined,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    webUrl: webUrl?.replace(/\/+$/, '') ?? (domainName && certificateArn ? `https://${domainName}` : undefined),
  }))
  // The limits together, as the functions read them (functions/lib/abuse-limits.ts).
  .transform(({ invitationsPerHour, invitationsPerDay, workspacesPerDay, socketConnectsPerIpPerMinute, assistantTokensPerUserPerDay, assistantTokensPerWorkspacePerDay, apiTokenRequestsPerMinute, agentCallsPerMinute, exportsPerHour, ...rest }) => ({
    ...rest,
    abuseLimits: { invitationsPerHour, invitationsPerDay, workspacesPerDay, socketConnectsPerIpPerMinute, assistantTokensPerUserPerDay, assistantTokensPerWorkspacePerDay, apiTokenRequestsPerMinute, agentCallsPerMinute, exportsPerHour } satisfies AbuseLimits,
  }));

export type AppConfig = z.output<typeof settingsSchema>;

/** Reads and validates the settings; throws one error naming every bad setting and where to set it. */
export function loadConfig(
  readContext: (name: string) => unknown,
  env: Readonly<Record<string, string | undefined>> = process.env,
): AppConfig {
  const names = Object.keys(SETTINGS) as SettingName[];
  const raw = Object.fromEntries(names.map((name) => [name, readContext(name) ?? env[SETTINGS[name]]]));
  const result = settingsSchema.safeParse(raw);
  if (result.success) return result.data;

  const problems = result.error.issues.map((issue) => {
    const name = issue.path[0];
    const where = typeof name === 'string' && name in SETTINGS ? ` (-c ${name}=... or ${SETTINGS[name as SettingName]})` : '';
    return `  - ${String(name ?? 'settings')}${where}: ${issue.message}`;
  });
  throw new Error(`Invalid deployment settings:\n${problems.join('\n')}`);
}
