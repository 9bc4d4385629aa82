import { and, eq } from 'drizzle-orm';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { consents } from '../db/schema.ts';

const tokensOf = (scope: string) => scope.split(' ').filter((token) => token !== '');

async function grantedScope(db: Database, userId: number, clientId: string): Promise<string[]> {
  const [row] = await db
    .select({ scope: consents.scope })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.clientId, clientId)))
    .limit(1);
  return row ? tokensOf(row.scope) : [];
}

/**
 * Whether the user must see the consent page before this app gets a code: never for a first-party app
 * (it is the platform's own), otherwise unless an earlier grant covers every requested scope token.
 */
export async function consentNeeded(db: Database, userId: number, client: Client, scope: string) {
  if (client.firstParty) return false;
  const granted = new Set(await grantedScope(db, userId, client.id));
  return tokensOf(scope).some((token) => !granted.has(token));
}

/**
 * Remembers what the user allowed a third-party app (the union with earlier grants), so a later
 * prompt=none request for the same scope can be answered without showing anything.
 */
export async function recordConsent(
  db: Database,
  userId: number,
  client: Client,
  scope: string,
  now: Date,
): Promise<void> {
  if (client.firstParty) return;
  const granted = await grantedScope(db, userId, client.id);
  const union = [...new Set([...granted, ...tokensOf(scope)])];
  if (union.length === granted.length) return;
  await db
    .insert(consents)
    .values({ userId, clientId: client.id, scope: union.join(' '), grantedAt: now })
    .onConflictDoUpdate({
      target: [consents.userId, consents.clientId],
      set: { scope: union.join(' '), grantedAt: now },
    });
}
