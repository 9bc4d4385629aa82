import { eq } from 'drizzle-orm';
import { defaultScopeIds, scopeTokens } from '../../api/scope.ts';
import type { Database } from '../db/client.ts';
import { clients } from '../db/schema.ts';

export type Client = typeof clients.$inferSelect;

export async function findClient(db: Database, clientId: string): Promise<Client | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  return client;
}

/**
 * A client that may take part in a sign-in: a disabled one (`npm run clients -- disable`) is treated
 * everywhere as if it were not registered, so it learns nothing more than an unknown one.
 */
export async function findActiveClient(db: Database, clientId: string): Promise<Client | undefined> {
  const client = await findClient(db, clientId);
  return client && client.disabledAt === null ? client : undefined;
}

/** Exact string comparison only: no prefix, pattern, trailing-slash or case leniency (RFC 9700 §4.1.3). */
export function isRegisteredRedirectUri(client: Client, redirectUri: string): boolean {
  return client.redirectUris.includes(redirectUri);
}

export type ScopeResult = { ok: true; scope: string } | { ok: false; unknown: string[] };

/**
 * Requested scope tokens must all be the client's. None requested means the default (api/scope.ts): all
 * of its API scopes, as before OpenID Connect, so an app that never asked for an ID token does not start
 * receiving one.
 */
export function resolveScope(client: Client, requested: string | undefined): ScopeResult {
  const allowed = client.scopes.map((scope) => scope.id);
  const tokens = scopeTokens(requested);
  if (tokens.length === 0) return { ok: true, scope: defaultScopeIds(allowed).join(' ') };
  const unknown = tokens.filter((token) => !allowed.includes(token));
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, scope: tokens.join(' ') };
}
