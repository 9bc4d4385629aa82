import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { clients } from '../db/schema.ts';

export type Client = typeof clients.$inferSelect;

export async function findClient(db: Database, clientId: string): Promise<Client | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  return client;
}

/** Exact string comparison only: no prefix, pattern, trailing-slash or case leniency (RFC 9700 §4.1.3). */
export function isRegisteredRedirectUri(client: Client, redirectUri: string): boolean {
  return client.redirectUris.includes(redirectUri);
}

export type ScopeResult = { ok: true; scope: string } | { ok: false; unknown: string[] };

/** Requested scope tokens must all be the client's; none requested means all of them. */
export function resolveScope(client: Client, requested: string | undefined): ScopeResult {
  const allowed = client.scopes.map((scope) => scope.id);
  const tokens = [...new Set((requested ?? '').split(' ').filter((token) => token !== ''))];
  if (tokens.length === 0) return { ok: true, scope: allowed.join(' ') };
  const unknown = tokens.filter((token) => !allowed.includes(token));
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, scope: tokens.join(' ') };
}
