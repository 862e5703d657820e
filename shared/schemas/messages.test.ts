import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { config } from 'zod/v4/core';
import { en } from 'zod/v4/locales';
import { installEnglishValidationMessages } from './messages.js';

/** Schemas without messages of their own, and inputs that break each of their checks. */
const cases: [string, z.ZodMiniType, unknown][] = [
  ['wrong type', z.string(), 42],
  ['null for an object', z.object({ a: z.string() }), null],
  ['an array for a number', z.number(), []],
  ['NaN', z.number(), Number.NaN],
  ['Infinity', z.number(), Number.POSITIVE_INFINITY],
  ['NaN expected', z.nan(), 1],
  ['a discriminated union', z.discriminatedUnion('type', [z.object({ type: z.literal('a') }), z.object({ type: z.literal('b') })]), { type: 'c' }],
  ['an exclusive union', z.xor([z.string(), z.string().check(z.minLength(1))]), 'x'],
  ['a date for a string', z.string(), new Date(0)],
  ['a bigint literal', z.literal(5n), 6n],
  ['one literal', z.literal('todo'), 'done'],
  ['an enum', z.enum(['low', 'medium', 'high']), 'urgent'],
  ['string too long', z.string().check(z.maxLength(3)), 'abcd'],
  ['string too short', z.string().check(z.minLength(2)), 'a'],
  ['array too long', z.array(z.number()).check(z.maxLength(1)), [1, 2]],
  ['number too big', z.number().check(z.lte(10)), 11],
  ['number too small (exclusive)', z.number().check(z.gt(0)), 0],
  ['exact length', z.string().check(z.length(2)), 'abc'],
  ['regex', z.string().check(z.regex(/^[a-z]+$/)), 'A1'],
  ['email', z.email(), 'nope'],
  ['url', z.url(), 'nope'],
  ['ISO date', z.iso.date(), '2026-13-45'],
  ['ISO datetime', z.iso.datetime(), 'yesterday'],
  ['multiple of', z.number().check(z.multipleOf(5)), 7],
  ['extra keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }],
  ['a record key', z.record(z.enum(['a']), z.number()), { b: 1 }],
  ['a union', z.union([z.string(), z.number()]), true],
  ['a refinement', z.string().check(z.refine(() => false)), 'x'],
];

function messagesOf(schema: z.ZodMiniType, input: unknown): string[] {
  const result = z.safeParse(schema, input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => issue.message);
}

describe('installEnglishValidationMessages', () => {
  it.each(cases)('words %s as zod’s English locale does', (_name, schema, input) => {
    config(en());
    const zods = messagesOf(schema, input);
    installEnglishValidationMessages();
    expect(messagesOf(schema, input)).toEqual(zods);
  });
});
