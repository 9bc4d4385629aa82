import fc from 'fast-check';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * Valid-shaped values from a zod 4 schema, for the fuzz test (docs/fuzzing.md). Classic zod and zod/mini
 * keep the same definition under `_zod.def`, so one walk serves the shared contract and the server's own
 * schemas. Refinements cannot be read back, so their values are only likely, not certain, to pass: field
 * hints (seeded client ids, redirect URIs, brands) carry the ones a handler needs to go past its first
 * lookup.
 */

type Def = { type: string } & Record<string, unknown>;
export type AnySchema = $ZodType;
type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  prefix?: string;
  suffix?: string;
  includes?: string;
  /** An overwrite check's change (z.trim, z.toLowerCase), made before the length checks. */
  tx?: (value: string) => string;
};

/** Realistic values by field name; a hinted field takes one of them most of the time. */
export type Hints = ReadonlyMap<string, readonly unknown[]>;

/** Longest string a valid-shaped value gets unless its schema asks for more: hostility comes later. */
const USUAL_MAX_LENGTH = 48;
/** Arrays stay short: a contract cap of 50 numbers needs no 50-element body to be exercised. */
const USUAL_MAX_ITEMS = 6;
/** Containers (and recursive schemas) are followed this deep, then given up on. */
const MAX_DEPTH = 10;

const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

const inner = (def: Def, key = 'innerType') => def[key] as AnySchema;
const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** Whether an object may leave this field out (optional, defaulted, or a pipe starting with either). */
export const isOptional = (schema: AnySchema) => schema._zod.optin === 'optional';

export function arbitraryOf(schema: AnySchema, hints: Hints = new Map(), depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  // Only containers count towards the depth: wrappers (optional, default, pipe) add no nesting.
  const recurse = (child: AnySchema) => arbitraryOf(child, hints, depth);
  const nested = (child: AnySchema) => arbitraryOf(child, hints, depth + 1);
  switch (def.type) {
    case 'string':
      // A format type (z.email(), z.uuid()) keeps its format and pattern on the definition itself.
      return stringArbitrary([...checksOf(def), ...(def.format ? [{ ...def, check: 'string_format' }] : [])]);
    case 'number':
      return numberArbitrary(checksOf(def));
    case 'int':
      return fc.integer();
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'object':
      return objectArbitrary(def.shape as Record<string, AnySchema>, hints, depth);
    case 'array': {
      const { min, max } = lengthBounds(checksOf(def));
      return fc.array(nested(inner(def, 'element')), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max, USUAL_MAX_ITEMS)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items as AnySchema[]).map(nested));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), nested(inner(def, 'valueType')), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as AnySchema[]).map(recurse));
    case 'intersection':
      return recurse(inner(def, 'left'));
    case 'nullable':
      return fc.option(recurse(inner(def)), { nil: null, freq: 6 });
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return recurse(inner(def));
    case 'pipe':
      // The input side is what a caller sends; the output side is the server's business.
      return recurse(inner(def, 'in'));
    case 'lazy':
      return nested((def.getter as () => AnySchema)());
    default:
      // transform, custom, any, unknown, date…: nothing to read the shape from, so any small JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(shape: Record<string, AnySchema>, hints: Hints, depth: number) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [name, field] of Object.entries(shape)) {
    model[name] = hinted(field, arbitraryOf(field, hints, depth + 1), hints.get(name));
    if (!isOptional(field)) requiredKeys.push(name);
  }
  return fc.record(model, { requiredKeys });
}

/** Hints go by name alone, so only those the field's own schema accepts are offered (`credential` is an
 * email at one endpoint and a WebAuthn object at another). */
function hinted(field: AnySchema, generated: fc.Arbitrary<unknown>, values: readonly unknown[] = []) {
  const fitting = values.filter((value) => z.safeParse(field, value).success);
  if (fitting.length === 0) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...fitting), weight: 3 }, { arbitrary: generated, weight: 1 });
}

function lengthBounds(checks: CheckDef[]): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    if (check.check === 'length_equals') [min, max] = [check.length ?? 0, check.length ?? 0];
  }
  return { min, max };
}

/** Text that looks like what a user or app would send: mostly ASCII, now and then any code point. */
const plainText = (minLength: number, maxLength: number) =>
  fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }), weight: 4 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 1 },
  );

function stringArbitrary(checks: CheckDef[]): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(checks);
  const cap = Math.max(min, Math.min(max, USUAL_MAX_LENGTH));
  const fits = (value: string) => value.length >= min && value.length <= max;
  const affixes = (value: string) => {
    let text = checks.reduce(
      (current, check) => (check.check === 'overwrite' && check.tx ? check.tx(current) : current),
      value,
    );
    for (const check of checks) {
      if (check.check === 'starts_with' && !text.startsWith(check.prefix ?? '')) text = check.prefix + text;
      if (check.check === 'ends_with' && !text.endsWith(check.suffix ?? '')) text += check.suffix;
      if (check.check === 'includes' && !text.includes(check.includes ?? '')) text += check.includes;
    }
    return text;
  };
  const formats = checks.filter((check) => check.check === 'string_format');
  const pattern = formats.find((check) => check.pattern)?.pattern;
  const format = formats.find((check) => check.format !== 'regex')?.format;
  // A pattern says exactly what passes; the format's own generator is for formats that have none.
  let base: fc.Arbitrary<string>;
  if (pattern) base = matching(pattern, max);
  else if (format === 'email') base = fc.emailAddress();
  else if (format === 'url') base = fc.webUrl();
  else if (format === 'uuid' || format === 'guid') base = fc.uuid();
  else base = plainText(min, cap);
  return base.map(affixes).filter(fits);
}

/** fast-check reads most regular expressions; for the few it cannot, text filtered by the pattern. */
function matching(pattern: RegExp, maxLength: number): fc.Arbitrary<string> {
  const bounded = Number.isFinite(maxLength) ? { maxLength } : {};
  try {
    return fc.stringMatching(pattern, bounded);
  } catch {
    const tester = new RegExp(pattern.source, pattern.flags.replace('g', ''));
    return plainText(0, USUAL_MAX_LENGTH).filter((value) => tester.test(value));
  }
}

function numberArbitrary(checks: CheckDef[]): fc.Arbitrary<number> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let whole = false;
  for (const check of checks) {
    const bound = Number(check.value);
    if (check.check === 'greater_than') min = Math.max(min, check.inclusive ? bound : bound + 1);
    if (check.check === 'less_than') max = Math.min(max, check.inclusive ? bound : bound - 1);
    if (check.check === 'number_format' || check.check === 'multiple_of') whole = true;
  }
  if (Number.isFinite(min) || Number.isFinite(max)) {
    const low = Number.isFinite(min) ? Math.ceil(min) : Math.min(-1000, Math.floor(max));
    const high = Number.isFinite(max) ? Math.floor(max) : Math.max(1000, low);
    return fc.integer({
      min: Math.max(low, Number.MIN_SAFE_INTEGER),
      max: Math.min(high, Number.MAX_SAFE_INTEGER),
    });
  }
  // The contract's whole numbers are refinements (envelope.ts intSchema), invisible here: small whole
  // numbers are what ids and counts look like, so they come first.
  const small = fc.integer({ min: -2, max: 400 });
  if (whole) return small;
  return fc.oneof(
    { arbitrary: small, weight: 8 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  );
}

/** The top-level field names of an object schema (through wrappers, pipes and unions). */
export function fieldNamesOf(schema: AnySchema): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'union') return [...new Set((def.options as AnySchema[]).flatMap(fieldNamesOf))];
  if (def.type === 'pipe') return fieldNamesOf(inner(def, 'in'));
  if ('innerType' in def) return fieldNamesOf(inner(def));
  return [];
}
