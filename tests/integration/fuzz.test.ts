import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { fillPath, httpRoutes, pathParameterNames, type HttpRoute } from '../../shared/routes.js';
import { arbitraryFromJsonSchema, hostile, toQueryString, type JsonSchema } from '../../shared/testing/json-schema-arbitrary.js';
import { callApi, signUpAndSignIn, type ApiResponse, type TestUser } from './helpers.js';
import { newAccount } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

const config = inject('webConfig');

/**
 * Property-based fuzzing of every operation that takes a body or a query: bodies and query strings generated
 * from the route contract's own schemas, half of them bent the way a careless or hostile client would (wrong
 * types, huge or strange text, deep nesting, extra and prototype keys). Whatever comes in, the API answers
 * below 500, and afterwards every item it stored still reads back through its storage schema.
 */
// 250 a route in every run (about 2 minutes on the 2-core machine; 1,000 took 7). The inputs are the same on every
// run unless FUZZ_SEED moves them: `FUZZ_SEED=$RANDOM FUZZ_RUNS=2000` explores new ones, and a failure names the seed.
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 250);
const SEED_BASE = Number(process.env.FUZZ_SEED ?? 0);
const PARALLEL_REQUESTS = 4;

const fuzzedRoutes = httpRoutes.filter((route) => route.auth === 'user' && (route.body || route.query));

function jsonSchemaOf(schema: $ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Half valid by the contract, half bent. */
function inputsFor(schema: $ZodType | undefined, seed: number): unknown[] {
  if (!schema) return Array.from({ length: RUNS_PER_OPERATION }, () => undefined);
  const valid = arbitraryFromJsonSchema(jsonSchemaOf(schema));
  return fc.sample(fc.oneof(valid, hostile(valid)), { numRuns: RUNS_PER_OPERATION, seed });
}

/** The version a versioned item answered with, so the next valid update reaches the write instead of a 409. */
function versionIn(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const value of Object.values(body)) {
    if (typeof value === 'object' && value !== null && 'version' in value && typeof value.version === 'number') return value.version;
  }
  return undefined;
}

function isVersioned(route: HttpRoute): boolean {
  return route.body !== undefined && 'version' in (jsonSchemaOf(route.body).properties ?? {});
}

describe('fuzzing every operation through the local HTTP API', () => {
  let owner: TestUser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    // An account that has opened the app, so Add Member finds it and the role route has a member to change.
    const member = await newAccount();
    owner = await signUpAndSignIn(config);
    const api = projectApi(config, owner);
    const workspaceId = await api.createWorkspace('Fuzzed');
    const project = await api.createProject(workspaceId);
    const [task, milestone, note, link] = await Promise.all([
      api.createTask(workspaceId, project.id),
      api.createMilestone(workspaceId, project.id),
      api.createNote(workspaceId, project.id),
      api.call('POST', `/workspaces/${workspaceId}/links`, { url: 'example.com', category: 'Others' }),
    ]);
    expect((await api.call('POST', `/workspaces/${workspaceId}/members`, { email: member.email })).status).toBe(201);
    ids = {
      workspaceId,
      projectId: project.id,
      taskId: task.id,
      milestoneId: milestone.id,
      noteId: note.id,
      linkId: z.object({ link: z.object({ id: z.string() }) }).parse(link.body).link.id,
      userId: member.userId,
      conversationId: 'no-such-conversation',
      accountId: 'no-such-account',
      email: 'nobody@example.com',
    };
  });

  /** The route's path with the fixtures' ids (unknown ones for items the fixtures do not make). */
  const concretePath = (route: HttpRoute) =>
    fillPath(route.path, Object.fromEntries(pathParameterNames(route.path).map((name) => [name, ids[name] ?? 'unknown'])));

  it.each(fuzzedRoutes.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))(
    '%s answers every generated input below 500',
    async (_name, route, routeIndex) => {
      const seed = SEED_BASE + routeIndex;
      const path = concretePath(route);
      const bodies = inputsFor(route.body, seed);
      const queries = inputsFor(route.query, seed + 1000);
      const versioned = isVersioned(route);
      let currentVersion = 1;
      const failures: { input: string; response: ApiResponse }[] = [];

      const send = async (index: number) => {
        let body = bodies[index];
        if (versioned && typeof body === 'object' && body !== null && typeof (body as { version?: unknown }).version === 'number') {
          body = { ...body, version: currentVersion };
        }
        const query = route.query ? toQueryString(queries[index]) : '';
        const response = await callApi(config, route.method, `${path}${query}`, { token: owner.idToken, body });
        currentVersion = versionIn(response.body) ?? currentVersion;
        if (response.status >= 500) failures.push({ input: `${query} ${JSON.stringify(body)?.slice(0, 300)}`, response });
      };

      // Versioned items are written one after another, so each valid update carries the version it read.
      const lanes = versioned ? 1 : PARALLEL_REQUESTS;
      await Promise.all(
        Array.from({ length: lanes }, async (_lane, lane) => {
          for (let index = lane; index < RUNS_PER_OPERATION; index += lanes) await send(index);
        }),
      );
      expect(failures.slice(0, 3), `FUZZ_SEED=${SEED_BASE}`).toEqual([]);
    },
    600_000,
  );

  it('leaves nothing stored that its storage schema refuses: every read of the fuzzed workspace answers 200', async () => {
    // The reads of stored items; a protocol's route (the MCP server's refused event stream) reads none.
    const reads = httpRoutes.filter((route) => route.method === 'GET' && route.auth === 'user' && !route.path.includes('google-calendar') && route.protocol === undefined);
    const queries: Record<string, string> = { ListTasks: '?by=activity', ListGoogleEvents: '?from=2026-12-01&to=2026-12-31', SearchWorkspace: '?q=task' };
    const refused: string[] = [];
    for (const route of reads) {
      const path = concretePath(route);
      const response = await callApi(config, 'GET', `${path}${queries[route.name] ?? ''}`, { token: owner.idToken });
      // Ids the sweep has no item for: their reads may answer 404, never 500.
      const itemExists = !pathParameterNames(route.path).some((name) => ['conversationId', 'accountId', 'webhookId', 'attachmentId', 'exportId', 'importId'].includes(name));
      if (itemExists ? response.status !== 200 : response.status >= 500) refused.push(`${route.name} ${response.status}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
