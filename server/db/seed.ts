import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword, PASSWORD_HASH_COST } from '../auth/password.ts';
import { seedPasskeyBrands } from '../passkeys/passkey-brands.ts';
import type { Database } from './client.ts';
import { brands, clients, users } from './schema.ts';
import { FIRST_PARTY_CLIENT_ID, SEED_BRANDS, SEED_USERS, seedClients } from './seed-data.ts';
import { seedEmergency } from './seed-emergency.ts';
import { RETIRED_CLIENT_ID, seedNoticeDemos, seedTermsVersions } from './seed-notices.ts';
import { upsertSeeded } from './seed-rows.ts';

export interface SeedOptions {
  /**
   * The demo clients, accounts and their data (README "Try it"). Off, only what the product itself needs
   * is written: the brands, the terms of service versions and the SPA's own client (docs/deployment.md).
   */
  demo: boolean;
}

/**
 * Idempotent, run at every boot under the start-up lock. Brands and clients are written through
 * upsertSeeded (server/db/seed-rows.ts): kept up to date with the code (the demo redirect URIs follow the
 * public origin) but never over a person's change. Users are only inserted when missing, so a password
 * changed at runtime is not reset. A seeded user without a display name (created before the column
 * existed) gets the seed's.
 */
export async function seed(db: Database, publicOrigin: string, options: SeedOptions = { demo: true }) {
  await upsertSeeded(db, brands, SEED_BRANDS);
  await seedPasskeyBrands(db);
  const clientRows = seedClients(publicOrigin).filter(
    (client) => options.demo || client.id === FIRST_PARTY_CLIENT_ID,
  );
  await upsertSeeded(db, clients, clientRows);
  await seedTermsVersions(db);
  if (options.demo) await seedDemoAccounts(db, publicOrigin);
}

async function seedDemoAccounts(db: Database, publicOrigin: string) {
  const emails = SEED_USERS.map((user) => user.email);
  const existing = await db
    .select({ email: users.email, displayName: users.displayName, givenName: users.givenName })
    .from(users)
    .where(inArray(users.email, emails));
  const present = new Set(existing.map((row) => row.email));
  const unnamed = new Set(existing.filter((row) => row.displayName === '').map((row) => row.email));
  // Only right after the migration that added the column: later boots find every name set.
  for (const user of SEED_USERS.filter((seedUser) => unnamed.has(seedUser.email))) {
    await db
      .update(users)
      .set({ displayName: user.displayName })
      .where(and(eq(users.email, user.email), eq(users.displayName, '')));
  }
  // The same for the OpenID profile columns (migration 0012).
  const withoutProfile = new Set(existing.filter((row) => row.givenName === '').map((row) => row.email));
  for (const user of SEED_USERS.filter((seedUser) => withoutProfile.has(seedUser.email))) {
    await db
      .update(users)
      .set(demoProfileOf(user))
      .where(and(eq(users.email, user.email), eq(users.givenName, '')));
  }
  // Hashing is the slow part of seeding, so it only happens for rows that will be written, in parallel
  // (argon2 runs on libuv's thread pool). Always at the production cost: the test database image is
  // seeded by whichever test process needs it first, and those that lowered their cost for new
  // passwords must not give the image's accounts theirs (verification would then be cheaper than in
  // production, and which process came first would decide it).
  const missing = SEED_USERS.filter((user) => !present.has(user.email));
  const rows = await Promise.all(
    missing.map(async ({ password, pin, ...user }) => ({
      ...user,
      ...demoProfileOf(user),
      passwordHash: await hashPassword(password, PASSWORD_HASH_COST),
      pinHash: pin === undefined ? null : await hashPassword(pin, PASSWORD_HASH_COST),
    })),
  );
  if (rows.length > 0) await db.insert(users).values(rows).onConflictDoNothing();
  await seedEmergency(db, new Date());
  await seedNoticeDemos(db, publicOrigin);
}

/** Where each demo brand's people live: their OpenID locale and time zone. */
const DEMO_BRAND_PLACES: Record<string, { locale: string; zoneinfo: string }> = {
  '1210': { locale: 'en-US', zoneinfo: 'America/Los_Angeles' },
  '7710': { locale: 'en-GB', zoneinfo: 'Europe/London' },
  '7310': { locale: 'en-CA', zoneinfo: 'America/Toronto' },
};

/**
 * A demo account's OpenID profile claims. Every demo name is a fictional "Given Family" pair, so it
 * splits at its first space; real accounts get their names as the person wrote them, never split.
 */
function demoProfileOf(user: { displayName: string; brandId: string }) {
  const space = user.displayName.indexOf(' ');
  const place = DEMO_BRAND_PLACES[user.brandId];
  return {
    givenName: space === -1 ? user.displayName : user.displayName.slice(0, space),
    familyName: space === -1 ? '' : user.displayName.slice(space + 1),
    locale: place?.locale ?? null,
    zoneinfo: place?.zoneinfo ?? null,
  };
}

/**
 * Under NODE_ENV=production: the demo clients and accounts (whose passwords and authenticator secret are
 * in the README) must not be in the database. Throws, naming what it found and what to do.
 */
export async function refuseDemoData(db: Database): Promise<void> {
  const demoClients = seedClients('http://localhost')
    .map((client) => client.id)
    .filter((id) => id !== FIRST_PARTY_CLIENT_ID);
  const foundClients = await db
    .select({ id: clients.id })
    .from(clients)
    .where(inArray(clients.id, [...demoClients, RETIRED_CLIENT_ID]));
  const foundUsers = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        SEED_USERS.map((user) => user.email),
      ),
    );
  if (foundClients.length === 0 && foundUsers.length === 0) return;
  throw new Error(
    `The database holds the demo data (clients ${foundClients.map((row) => row.id).join(', ') || 'none'}; ` +
      `${foundUsers.length} demo accounts), refused under NODE_ENV=production: use a database that was never ` +
      'seeded with SEED_DEMO=on, or delete those rows (docs/deployment.md "Demo data").',
  );
}
