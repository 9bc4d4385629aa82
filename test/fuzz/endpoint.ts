import type { AnySchema } from './zodArbitrary.ts';

/** How an endpoint reads its input, and so how a generated value travels. */
export type Input =
  /** POST JSON through server/http/validate.ts postInput: clientId in the body and in the query. */
  | { kind: 'json'; schema: AnySchema }
  /** Query parameters (GET, or a form endpoint's GET twin). */
  | { kind: 'query'; schema: AnySchema }
  /** application/x-www-form-urlencoded (OAuth back channel, the identity provider's form). */
  | { kind: 'form'; schema: AnySchema }
  /** Path parameters: `build` turns a generated value into the request path. */
  | { kind: 'path'; schema: AnySchema; build: (value: Record<string, unknown>) => string }
  /** Reads nothing but cookies: fuzzed with hostile queries, headers and bodies only. */
  | { kind: 'none' }
  /** Middleware registered as a route (Hono lists `use` as ALL): no requests of its own. */
  | { kind: 'middleware'; guards: string };

/**
 * What a 4xx reply must look like: the house JSON envelope (api), RFC 6749 §5.2 JSON (oauth), a redirect
 * (authorize answers every problem by redirecting), sign-out's plain text, an HTML page, plain text, or a
 * protected resource's RFC 6750 refusal (a Bearer challenge in WWW-Authenticate).
 */
export type ReplyFormat = 'api' | 'oauth' | 'redirect' | 'logout' | 'html' | 'text' | 'bearer';

/**
 * The Authorization header an endpoint reads, so its requests carry live credentials as well as hostile
 * ones (credentials.ts): a client's HTTP Basic (the OAuth back channel), an access token, METRICS_TOKEN.
 */
export type AuthorizationKind = 'client' | 'bearer' | 'metrics';

export interface Endpoint {
  /** As Hono registered it: GET, POST or ALL. */
  method: string;
  /** As Hono registered it, with its parameters (`/brand-assets/:assetId/:file`) or wildcard. */
  path: string;
  input: Input;
  replies: ReplyFormat;
  authorization?: AuthorizationKind;
  /** Known-good inputs, used as they are or as the base of mutations now and then. */
  examples?: readonly Record<string, unknown>[];
}

export const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
