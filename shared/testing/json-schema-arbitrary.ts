import fc from 'fast-check';

/**
 * fast-check arbitraries built from the route contract: a zod schema's JSON Schema (`z.toJSONSchema(schema,
 * { io: 'input' })`) becomes a generator of values the schema describes, and `hostile` bends such a value the
 * ways a careless or malicious client would. Test code only.
 */

/** The part of JSON Schema (draft 2020-12, as zod 4 writes it) that the route contract uses. */
export interface JsonSchema {
  readonly type?: string;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** Long enough to cross every limit of the contract, short enough to keep a thousand requests quick. */
const LONGEST_GENERATED_STRING = 300;
const LONGEST_GENERATED_ARRAY = 5;

/** Text as people type it (any Unicode, emoji and combining marks included) and as attackers send it. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const limits = { minLength, maxLength: Math.min(maxLength, LONGEST_GENERATED_STRING) };
  return fc.oneof(fc.string(limits), fc.string({ ...limits, unit: 'grapheme' }), fc.string({ ...limits, unit: 'binary' }));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? LONGEST_GENERATED_STRING;
  if (schema.pattern === undefined) return text(minLength, maxLength);
  return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= maxLength);
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, arbitraryFromJsonSchema(property)]));
  return fc.record(properties, { requiredKeys: [...(schema.required ?? [])] });
}

/** Values that satisfy the schema (and, for strings with no pattern, some its refinements refuse). */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? LONGEST_GENERATED_ARRAY, LONGEST_GENERATED_ARRAY),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      return fc.jsonValue();
  }
}

/** A value nested `depth` levels deep, which a recursive parser or marshaller might choke on. */
function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { inner: value };
  return value;
}

/** Replacements for one field: wrong types, huge or strange text, deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(null, true, 0, -1, 1e308, -0, '', ' ', '\u0000', '\u202e', '\ud800', '__proto__', '../../etc/passwd', "' OR 1=1 --"),
  fc.integer({ min: 10_000, max: 400_000 }).map((length) => 'x'.repeat(length)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }),
  fc.integer({ min: 50, max: 2_000 }).map(deeplyNested),
);

/** Keys no schema names, including ones that reach into prototypes. */
const strangeKey = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'PK', 'SK', 'version', 'workspaceId', 'entity'));

/**
 * Bodies a careless or malicious client sends: the valid value with one field of the wrong type or size, with
 * extra keys, or no object at all.
 */
export function hostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const withBentField = fc.tuple(valid, fc.nat(), hostileValue).map(([value, index, replacement]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return replacement;
    const keys = Object.keys(value);
    const key = keys.length ? keys[index % keys.length] : 'field';
    return { ...value, [key ?? 'field']: replacement };
  });
  const withExtraKeys = fc.tuple(valid, fc.dictionary(strangeKey, hostileValue, { minKeys: 1, maxKeys: 4 })).map(([value, extra]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...extra, ...value, ...extra } : extra,
  );
  return fc.oneof(withBentField, withExtraKeys, hostileValue);
}

/** A query string from an object of values, as a browser's URLSearchParams would write it. */
export function toQueryString(value: unknown): string {
  const params = new URLSearchParams();
  if (typeof value !== 'object' || value === null) return `?${new URLSearchParams([[String(value), '']]).toString()}`;
  for (const [key, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
