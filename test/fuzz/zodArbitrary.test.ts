import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import * as z from 'zod/mini';
import { keyOf } from './endpoint.ts';
import { seededHints } from './hints.ts';
import { FUZZED_ENDPOINTS } from './routes.ts';
import { formText, jsonText } from './wire.ts';
import { type AnySchema, arbitraryOf, fieldNamesOf } from './zodArbitrary.ts';

/** Share of `runs` generated values the schema accepts, read back the way `read` says the server does. */
function acceptance(schema: AnySchema, read: (value: unknown) => unknown = (value) => value, runs = 200) {
  const values = fc.sample(arbitraryOf(schema, seededHints()), { seed: 42, numRuns: runs });
  return values.filter((value) => z.safeParse(schema, read(value)).success).length / runs;
}

describe('valid-shaped values', () => {
  it.each([
    [
      'object, string checks, trim',
      z.object({ a: z.string().check(z.trim(), z.minLength(2), z.maxLength(5)) }),
    ],
    ['regex', z.string().check(z.regex(/^[A-Z]{2}-\d{3}$/))],
    ['enum and literal', z.object({ e: z.enum(['x', 'y']), l: z.literal(7) })],
    ['optional and default', z.object({ o: z.optional(z.boolean()), d: z._default(z.boolean(), true) })],
    ['array bounds', z.array(z.string()).check(z.minLength(2), z.maxLength(3))],
    [
      'pipe into a transform',
      z.pipe(
        z.enum(['1', '0']),
        z.transform((value) => value === '1'),
      ),
    ],
    ['union and nullable', z.union([z.nullable(z.string()), z.number()])],
    [
      'tuple and record',
      z.object({ t: z.tuple([z.string(), z.boolean()]), r: z.record(z.string(), z.number()) }),
    ],
    ['classic zod with number bounds', classic.object({ n: classic.number().int().min(3).max(9) })],
    ['classic zod string formats', classic.object({ e: classic.email(), u: classic.uuid() })],
  ])('pass their schema: %s', (_, schema) => {
    expect(acceptance(schema)).toBe(1);
  });

  it('fall back to some JSON for what cannot be read back (a refinement), which may or may not pass', () => {
    const even = z.number().check(z.refine((value) => value % 2 === 0));
    expect(acceptance(even)).toBeGreaterThan(0);
    expect(acceptance(even)).toBeLessThan(1);
  });

  it('take a hint only when the field’s own schema accepts it', () => {
    const strict = z.object({ clientId: z.literal('other') });
    expect(acceptance(strict)).toBe(1);
  });

  // The fuzz test is only as good as how often its bodies get past validation into the handlers.
  it.each(
    FUZZED_ENDPOINTS.filter((endpoint) => endpoint.input.kind !== 'none').map((endpoint) => [
      keyOf(endpoint),
      endpoint,
    ]),
  )('reach past validation for most bodies: %s', (_, endpoint) => {
    const { input } = endpoint;
    if (!('schema' in input)) return;
    const read = (value: unknown) => {
      if (input.kind === 'json') return JSON.parse(jsonText(value));
      if (input.kind === 'path') return value;
      // c.req.query() and a parsed form both keep one value per name.
      return Object.fromEntries(new URLSearchParams(formText(value)));
    };
    expect(acceptance(input.schema, read)).toBeGreaterThan(0.5);
  });
});

describe('fieldNamesOf', () => {
  it('names the top-level fields through wrappers and unions', () => {
    const schema = z.optional(
      z.union([z.object({ a: z.string() }), z.object({ b: z.string(), a: z.number() })]),
    );
    expect(fieldNamesOf(schema).sort()).toEqual(['a', 'b']);
    expect(fieldNamesOf(z.string())).toEqual([]);
  });
});
