import type { $ZodError } from 'zod/v4/core';
import { webConfigSchema, type WebConfig } from '@shared/web-config';

/** /config.json is missing or wrong: the app cannot start and says why. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

export const CONFIG_URL = '/config.json';

/** One line per problem, naming the setting: "apiUrl: Invalid URL". */
export function describeConfigIssues(error: $ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(whole file)'}: ${issue.message}`);
}

export function parseWebConfig(json: unknown): WebConfig {
  const result = webConfigSchema.safeParse(json);
  if (!result.success) throw new ConfigError(`${CONFIG_URL} is invalid`, describeConfigIssues(result.error));
  return result.data;
}

/** Fetches and validates the runtime config. Throws ConfigError naming what is wrong. */
export async function fetchWebConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  let response: Response;
  try {
    response = await fetchImpl(CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(`${CONFIG_URL} could not be loaded`, [error instanceof Error ? error.message : String(error)]);
  }
  if (!response.ok) throw new ConfigError(`${CONFIG_URL} could not be loaded (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError(`${CONFIG_URL} is not valid JSON`);
  }
  return parseWebConfig(json);
}

let current: WebConfig | undefined;

/** Called once at boot, before anything reads the config. */
export function setConfig(config: WebConfig): void {
  current = config;
}

export function getConfig(): WebConfig {
  if (!current) throw new Error('The runtime config has not been loaded yet');
  return current;
}
