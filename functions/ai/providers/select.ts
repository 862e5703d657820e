import { offlineProvider } from './offline.js';
import type { AssistantProvider } from './types.js';

/** The offline answer appears at about 1,600 characters a second: read as it grows, done within a second. */
const DEFAULT_OFFLINE_PACE_MS = 15;

/**
 * The provider the deployment is configured for: an OpenAI-compatible endpoint when OPENAI_BASE_URL is set,
 * else Bedrock when BEDROCK_MODEL_ID is, else the built-in offline assistant (the local default).
 */
export async function configuredProvider(environment: NodeJS.ProcessEnv = process.env): Promise<AssistantProvider> {
  if (environment.OPENAI_BASE_URL) {
    const { openAiCompatibleProvider } = await import('./openai.js');
    return openAiCompatibleProvider({
      baseUrl: environment.OPENAI_BASE_URL,
      model: environment.OPENAI_MODEL ?? 'gpt-4o-mini',
      ...(await openAiApiKey(environment)),
    });
  }
  if (environment.BEDROCK_MODEL_ID) {
    const { bedrockProvider } = await import('./bedrock.js');
    return bedrockProvider({ modelId: environment.BEDROCK_MODEL_ID });
  }
  return offlineProvider({ paceMs: Number(environment.OFFLINE_ASSISTANT_PACE_MS ?? DEFAULT_OFFLINE_PACE_MS) || 0 });
}

/**
 * The endpoint's bearer key. Deployed, the worker is given only the name of the Secrets Manager secret
 * holding it (OPENAI_API_KEY_SECRET_NAME), read once per instance; a plain OPENAI_API_KEY is for a model
 * server on this machine (`npm start`), where there is no Secrets Manager.
 */
async function openAiApiKey(environment: NodeJS.ProcessEnv): Promise<{ apiKey?: string }> {
  if (environment.OPENAI_API_KEY_SECRET_NAME) {
    // Loaded only here, so a Bedrock or offline worker never loads the Secrets Manager client.
    const { secretString } = await import('../../lib/secrets.js');
    return { apiKey: (await secretString(environment.OPENAI_API_KEY_SECRET_NAME)).trim() };
  }
  return environment.OPENAI_API_KEY ? { apiKey: environment.OPENAI_API_KEY } : {};
}
