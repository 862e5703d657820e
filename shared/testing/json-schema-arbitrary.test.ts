import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { routes } from '../routes.js';
import { arbitraryFromJsonSchema, hostile, toQueryString, type JsonSchema } from './json-schema-arbitrary.js';

function jsonSchemaOf(schema: $ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

describe('arbitraries from the route contract', () => {
  // Schemas without refinements beyond JSON Schema's reach (printable-text rules, storable numbers).
  it.each([
    ['UndoAssistantWrite', routes.UndoAssistantWrite.body],
    ['UpdateMemberRole', routes.UpdateMemberRole.body],
    ['ConnectGoogleAccount', routes.ConnectGoogleAccount.body],
  ] as const)('generates %s bodies that its schema accepts', (_name, schema) => {
    for (const body of fc.sample(arbitraryFromJsonSchema(jsonSchemaOf(schema)), { numRuns: 300, seed: 7 })) {
      expect(schema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it('generates queries that survive the trip through a query string', () => {
    const schema = routes.ListNotes.query;
    for (const query of fc.sample(arbitraryFromJsonSchema(jsonSchemaOf(schema)), { numRuns: 300, seed: 7 })) {
      const parsed = Object.fromEntries(new URLSearchParams(toQueryString(query)));
      expect(schema.safeParse({ ...parsed, ...('limit' in parsed ? { limit: Number(parsed.limit) } : {}) }).success).toBe(true);
    }
  });

  it('bends bodies so that nearly all of them are refused', () => {
    const schema = routes.MoveTask.body;
    const samples = fc.sample(hostile(arbitraryFromJsonSchema(jsonSchemaOf(schema))), { numRuns: 500, seed: 7 });
    const accepted = samples.filter((body) => schema.safeParse(body).success);
    // Extra keys alone are allowed (zod strips them), so a few bent bodies stay valid.
    expect(accepted.length).toBeLessThan(samples.length / 2);
    expect(samples.some((body) => JSON.stringify(body).length > 10_000)).toBe(true);
  });
});
