import * as z from 'zod/mini';

/**
 * Runtime configuration of the web app, served as /config.json next to index.html. The local stack writes
 * it on start; the CDK web stack deploys it beside the built app. One build runs anywhere.
 */
export const webConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  region: z.string().check(z.minLength(1)),
  apiUrl: z.url(),
  webSocketUrl: z.string().check(z.regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL')),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Only locally: cognito-local's address. In AWS the Cognito endpoint is derived from the region. */
  userPoolEndpoint: z.optional(z.url()),
  /** Only locally: the page listing the mails the app sent (the local stand-in for SES). */
  outboxUrl: z.optional(z.url()),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
