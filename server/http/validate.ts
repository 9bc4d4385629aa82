import type { Context } from 'hono';
import type * as z from 'zod/mini';

// The shared contract is written with zod/mini (api/contract); its schemas are ZodMiniType.
import { clientIdSchema } from '../../api/contract/config.ts';
import { badRequest } from './errors.ts';

/** A specific, bounded message naming the fields at fault; it never echoes the submitted values. */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'input'}: ${issue.message}`)
    .join('; ');
}

/** A UTF-16 surrogate without its other half: JSON's `\ud800` escape can put one in a string. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where a string that cannot be stored sits, and why it cannot. */
export interface Unstorable {
  path: (string | number)[];
  message: string;
}

/**
 * The first string that cannot be stored, with why. PostgreSQL text cannot store NUL (the insert or lookup
 * would throw and answer 500), and text that is not well-formed Unicode (a lone surrogate) has no UTF-8
 * form (PGlite refuses some of it the same way); no field of the contract has a use for either.
 * Passwords are exempt: they are only ever hashed, so any character is the user's to choose.
 */
export function firstUnstorable(value: unknown, path: (string | number)[] = []): Unstorable | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, message: 'must not contain NUL characters' };
    if (LONE_SURROGATE.test(value)) return { path, message: 'must be well-formed Unicode text' };
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'password') continue;
    const found = firstUnstorable(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function parseWith<T extends z.ZodMiniType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  // Checked on what the schema kept, whose depth the contract bounds: walking the raw body would let
  // a deeply nested one exhaust the stack.
  const refusal = firstUnstorable(parsed.data);
  if (refusal !== undefined) throw badRequest(`${refusal.path.join('.') || 'input'}: ${refusal.message}`);
  return parsed.data;
}

/** GET payloads travel as query parameters (spec §7); repeated keys count once, by their first value. */
export function queryInput<T extends z.ZodMiniType>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query());
}

/**
 * POST payloads are JSON with clientId in the body and in the query (what api/client.ts sends). Requiring
 * the JSON content type also keeps cross-site HTML forms out: they cannot send it without a preflight.
 */
export async function postInput<T extends z.ZodMiniType<{ clientId: string }>>(
  c: Context,
  schema: T,
): Promise<z.infer<T>> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) throw badRequest('Content-Type must be application/json');
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  const body = parseWith(schema, json);
  const queryClientId = clientIdSchema.safeParse(c.req.query('clientId'));
  if (!queryClientId.success) throw badRequest('clientId is required in the query');
  if (queryClientId.data !== body.clientId) throw badRequest('clientId differs between query and body');
  return body;
}
