
import { describe, expect, it } from 'vitest';
import { tableActions } from '../../infra/constructs/app-function.js';
import { fileActions } from '../../infra/constructs/file-access.js';
import { exportWorker, httpAuthorizer, httpRoutes, importWorker, scheduledJobs, streamConsumers, webhookSender, webSocketRoutes, workerFunctions, type DataAccess } from '../../shared/routes.js';
import { buildTestApp, fullConfig, openAiConfig, templateOf } from './app-fixture.js';

interface Statement {
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

interface Resource {
  readonly Properties: Record<string, unknown>;
}

/** What one function of the route table is and may use, as its entry declares. */
interface Entry {
  readonly name: string;
  readonly dataAccess: DataAccess;
  readonly pushes: boolean;
  readonly sendsMail: boolean;
  /** 'revocation': only opens stored Google tokens to revoke them. */
  readonly usesGoogle: boolean | 'revocation';
  readonly callsModel: boolean;
  /** Signs or checks unsubscribe links: may read their key (the mail-link secret). */
  readonly usesMailLinks: boolean;
  /** Checks personal API tokens while its own access is read only: it records their use and counts their calls. */
  readonly tokenBookkeeping: boolean;
  /** Its use of the attachments bucket (shared/routes/contract.ts `fileAccess`; 'delete' for the cleanup). */
  readonly fileAccess?: keyof typeof fileActions;
}

const none = { tokenBookkeeping: false } as const;
const entries: Entry[] = [
  ...httpRoutes.map((route) => ({
    ...route,
    pushes: false,
    sendsMail: route.sendsMail === true,
    usesMailLinks: route.usesMailLinks === true,
    usesGoogle: route.usesGoogle ?? false,
    callsModel: false,
    tokenBookkeeping: route.auth === 'user' && !route.refusesApiTokens && route.dataAccess === 'read',
  })),
  { ...httpAuthorizer, pushes: false, sendsMail: false, usesMailLinks: false, usesGoogle: false, callsModel: false, tokenBookkeeping: true },
  ...webSocketRoutes.map((route) => ({ ...route, pushes: true, sendsMail: false, usesMailLinks: false, usesGoogle: false, callsModel: false, ...none })),
  ...workerFunctions.map((worker) => ({ ...worker, pushes: true, sendsMail: false, usesMailLinks: false, usesGoogle: false, callsModel: true, ...none })),
  ...streamConsumers.map((consumer) => {
    const mails = 'sendsMail' in consumer;
    const deletesFiles = 'deletesFiles' in consumer;
    return {
      ...consumer,
      ...(deletesFiles ? { fileAccess: 'delete' as const } : {}),
      pushes: !('sendsWebhooks' in consumer) && !mails && !deletesFiles,
      sendsMail: mails,
      usesMailLinks: mails,
      usesGoogle: false,
      callsModel: false,
      ...none,
    };
  }),
  { ...webhookSender, pushes: false, sendsMail: true, usesMailLinks: false, usesGoogle: false, callsModel: false, ...none },
  { ...exportWorker, pushes: false, sendsMail: true, usesMailLinks: false, usesGoogle: false, callsModel: false, fileAccess: 'write-exports', ...none },
  { ...importWorker, pushes: false, sendsMail: false, usesMailLinks: false, usesGoogle: false, callsModel: false, fileAccess: 'read-imports', ...none },
  ...scheduledJobs.map((job) => ({ ...job, pushes: false, sendsMail: job.sendsMail === true, usesMailLinks: job.usesMailLinks === true, usesGoogle: false, callsModel: false, ...none })),
];

/** The token bookkeeping grant (infra/constructs/app-function.ts): UpdateItem on the token items' partitions only. */
const TOKEN_KEYS_CONDITION = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APITOKEN#*', 'APITOKENRATE#*'] } };
const isTokenBookkeeping = (statement: Statement) => JSON.stringify(statement.Condition) === JSON.stringify(TOKEN_KEYS_CONDITION);

/** Reading the table's stream (DynamoEventSource) is not item access. */
const STREAM_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];

/** Function name → every statement of every policy attached to its role, across the stacks holding functions. */
function statementsByFunction(config = fullConfig): Map<string, Statement[]> {
  const { stacks } = buildTestApp(config);
  const byFunction = new Map<string, Statement[]>();
  for (const stack of [stacks.api, stacks.realtime, stacks.schedule]) {
    const template = templateOf(stack);
    const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
    const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    for (const entry of entries) {
      const found = functions.find(([logicalId]) => logicalId.startsWith(`${entry.name}Function`));
      if (!found) continue;
      const roleId = (found[1].Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = policies
        .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
      byFunction.set(entry.name, statements);
    }
  }
  return byFunction;
}

const actionsOf = (statements: readonly Statement[], service: string) =>
  statements.flatMap((statement) => [statement.Action].flat()).filter((action) => action.startsWith(`${service}:`));

describe('least privilege of the function roles (synthesized IAM policies)', () => {
  const statements = statementsByFunction();

  it('finds a role policy for every function of the route table', () => {
    expect([...statements.keys()].sort()).toEqual(entries.map((entry) => entry.name).sort());
  });

  describe.each(entries.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
    const own = statements.get(name) ?? [];

    it(`has ${entry.dataAccess} access to the table and nothing broader`, () => {
      const itemActions = actionsOf(own.filter((statement) => !isTokenBookkeeping(statement)), 'dynamodb').filter((action) => !STREAM_ACTIONS.includes(action));
      expect(itemActions.sort()).toEqual(entry.dataAccess === 'none' ? [] : [...tableActions[entry.dataAccess]].sort());
      expect(itemActions).not.toContain('dynamodb:Scan');
      expect(itemActions).not.toContain('dynamodb:DescribeTable');
    });

    it(`${entry.tokenBookkeeping ? 'may' : 'need not'} update API token items beyond that, and only those`, () => {
      const bookkeeping = own.filter(isTokenBookkeeping);
      expect(bookkeeping.map((statement) => statement.Action)).toEqual(entry.tokenBookkeeping ? ['dynamodb:UpdateItem'] : []);
    });

    it(`${entry.pushes ? 'may' : 'may not'} post to WebSocket connections`, () => {
      expect(actionsOf(own, 'execute-api')).toEqual(entry.pushes ? ['execute-api:ManageConnections'] : []);
    });

    it(`${entry.sendsMail ? 'may' : 'may not'} send mail, from one identity`, () => {
      const ses = own.filter((statement) => actionsOf([statement], 'ses').length > 0);
      expect(ses.map((statement) => statement.Action)).toEqual(entry.sendsMail ? ['ses:SendEmail'] : []);
      for (const statement of ses) expect(typeof statement.Resource).toBe('object');
    });

    it(`${entry.callsModel ? 'may' : 'may not'} invoke the one configured Bedrock model`, () => {
      const bedrock = own.filter((statement) => actionsOf([statement], 'bedrock').length > 0);
      expect(bedrock).toHaveLength(entry.callsModel ? 1 : 0);
      for (const statement of bedrock) expect(JSON.stringify(statement.Resource)).toContain(`foundation-model/${fullConfig.bedrockModelId}`);
    });

    const google = entry.usesGoogle === true ? 'may read the Google secret and use the token key' : entry.usesGoogle ? 'may only decrypt with the token key' : 'may not use Google';
    it(`${entry.usesMailLinks ? 'may' : 'may not'} read the unsubscribe-link key, and no other secret beside Google's`, () => {
      const secrets = own.filter((statement) => actionsOf([statement], 'secretsmanager').length > 0);
      const mailLinks = secrets.filter((statement) => JSON.stringify(statement.Resource).includes('MailLinkSecret'));
      expect(mailLinks.length > 0).toBe(entry.usesMailLinks);
      expect(secrets.length - mailLinks.length > 0).toBe(entry.usesGoogle === true);
    });

    it(google, () => {
      const kms = { true: ['kms:Decrypt', 'kms:GenerateDataKey'], revocation: ['kms:Decrypt'], false: [] }[String(entry.usesGoogle) as 'true' | 'revocation' | 'false'];
      expect(actionsOf(own, 'kms').sort()).toEqual(kms);
    });

    it(`${entry.fileAccess ? `may ${entry.fileAccess} the bucket's objects under its prefix, and only those` : 'may not use the attachments bucket'}`, () => {
      const s3 = own.filter((statement) => actionsOf([statement], 's3').length > 0);
      expect(actionsOf(s3, 's3').sort()).toEqual(entry.fileAccess ? [...fileActions[entry.fileAccess]].sort() : []);
      const prefix = entry.fileAccess?.endsWith('-exports') ? '/exports/*' : entry.fileAccess?.endsWith('-imports') ? '/imports/*' : '/workspaces/*';
      for (const statement of s3) expect(JSON.stringify(statement.Resource)).toContain(prefix);
    });

    // The routes that start a worker may invoke it; the import worker starts itself again.
    const route = httpRoutes.find((candidate) => candidate.name === name);
    const invoked = [...(route?.startsExports ? [exportWorker.name] : []), ...(route?.startsImports || name === importWorker.name ? [importWorker.name] : [])];
    it(`${invoked.length > 0 ? `may invoke ${invoked.join(', ')}, and nothing else` : 'may not invoke the export or import worker'}`, () => {
      // Of the invocations of these two workers (the WebSocket route starts the chat worker, checked elsewhere).
      const invokes = own.filter((statement) => actionsOf([statement], 'lambda').length > 0 && [exportWorker.name, importWorker.name].some((worker) => JSON.stringify(statement.Resource).includes(worker)));
      expect(invokes.map((statement) => statement.Action)).toEqual(invoked.map(() => 'lambda:InvokeFunction'));
      const resources = invokes.map((statement) => JSON.stringify(statement.Resource));
      expect(resources.map((resource) => [exportWorker.name, importWorker.name].find((worker) => resource.includes(worker)))).toEqual(invoked);
      for (const resource of resources) expect(resource).not.toContain(':*');
    });

    it('grants no service-wide wildcard action', () => {
      for (const action of own.flatMap((statement) => [statement.Action].flat())) expect(action).not.toMatch(/^(\*|[\w-]+:\*)$/);
    });
  });

  it("lets no function read the CloudFront origin secret: the HTTP functions get its value resolved in their environment", () => {
    const [secretId] = Object.keys(templateOf(buildTestApp(fullConfig).stacks.api).findResources('AWS::SecretsManager::Secret'));
    expect(secretId).toMatch(/^OriginVerifySecret/);
    for (const [name, own] of statements) expect(JSON.stringify(own), name).not.toContain(String(secretId));
  });

  describe('with an OpenAI-compatible endpoint instead of Bedrock', () => {
    const withOpenAi = statementsByFunction(openAiConfig);

    it('gives the chat worker no Bedrock access', () => {
      expect(JSON.stringify([...withOpenAi.values()])).not.toContain('bedrock:');
    });

    it("lets the functions that call a model read the endpoint key's one secret, and no other function any secret", () => {
      for (const entry of entries) {
        // The mail-link key aside (checked above).
        const secrets = (withOpenAi.get(entry.name) ?? []).filter(
          (statement) => actionsOf([statement], 'secretsmanager').length > 0 && !JSON.stringify(statement.Resource).includes('MailLinkSecret'),
        );
        if (!entry.callsModel) {
          expect(secrets, entry.name).toEqual([]);
          continue;
        }
        // The value only, on the name's ARN (Secrets Manager appends six random characters to a name).
        expect(secrets).toHaveLength(1);
        expect([secrets[0]?.Action].flat()).toEqual(['secretsmanager:GetSecretValue']);
        expect(JSON.stringify(secrets[0]?.Resource)).toContain(`:secret:${openAiConfig.openAi?.apiKeySecretName}-??????`);
        expect(JSON.stringify(secrets[0]?.Resource)).not.toContain('*');
      }
    });
  });
});
