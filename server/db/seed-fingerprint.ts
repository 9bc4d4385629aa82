import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import * as passkeyBrands from '../passkeys/passkey-brands.ts';
import { seedDemoAuthenticator } from '../two-factor/totp.service.ts';
import type { Database } from './client.ts';
import { startupState } from './schema.startup.ts';
import * as seedModule from './seed.ts';
import * as seedAccount from './seed-account.ts';
import * as seedBrands from './seed-brands.ts';
import * as seedClients from './seed-clients.ts';
import * as seedCountries from './seed-countries.ts';
import * as seedDemoUsers from './seed-demo-users.ts';
import * as seedEmergency from './seed-emergency.ts';
import * as seedNotices from './seed-notices.ts';
import * as seedOptions from './seed-options.ts';
import * as seedRows from './seed-rows.ts';
import * as seedUser from './seed-user.ts';

/** Raised when what goes into the fingerprint changes shape, so every database is seeded once more. */
const FORMAT = 2;

/**
 * Every module the seed reads, as loaded: their exported data (SEED_BRANDS as computed, the demo users, the
 * clients…) and the text of their exported functions, so a changed row, a new demo or changed seed code
 * changes the fingerprint. Helpers a module keeps to itself count through what they produce.
 */
const SEED_MODULES = {
  seedModule,
  seedAccount,
  seedBrands,
  seedClients,
  seedCountries,
  seedDemoUsers,
  seedEmergency,
  seedNotices,
  seedOptions,
  seedRows,
  seedUser,
  passkeyBrands,
  seedDemoAuthenticator,
};

/**
 * The seed's own source files, whose text goes into the fingerprint whole: a change to a helper a module
 * keeps to itself (how a row is built, not only what is exported) is applied on the next start too. The
 * bundle reads them beside its source modules, as it reads the migrations.
 */
export const SEED_SOURCES = [
  './seed.ts',
  './seed-account.ts',
  './seed-brands.ts',
  './seed-clients.ts',
  './seed-countries.ts',
  './seed-data.ts',
  './seed-demo-users.ts',
  './seed-emergency.ts',
  './seed-notices.ts',
  './seed-options.ts',
  './seed-rows.ts',
  './seed-user.ts',
  '../passkeys/passkey-brands.ts',
  '../two-factor/totp.service.ts',
] as const;

export const seedSources = (): string[] =>
  SEED_SOURCES.map((path) => readFileSync(new URL(path, import.meta.url), 'utf8'));

/** The migrations this code brings: drizzle applies those whose `when` is newer than the last it recorded. */
export const migrationJournal = (): string[] =>
  (
    JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries.map((entry) => `${entry.tag}@${entry.when}`);

export interface FingerprintInput {
  publicOrigin: string;
  demo: boolean;
  /** The demo authenticator's secret is sealed with it: a new key means sealing it again. */
  masterKey: Uint8Array;
}

/**
 * What a full start-up applies: the migration journal, the seed (data and code), the public origin (the
 * demo redirect URIs follow it) and whether the demo is seeded. Equal to the stored one, the database
 * already holds all of it (docs/benchmarks.md "Ready in half a second").
 */
export function seedFingerprint(
  { publicOrigin, demo, masterKey }: FingerprintInput,
  migrations: readonly string[] = migrationJournal(),
  sources: readonly string[] = seedSources(),
): string {
  const keyTag = demo ? createHmac('sha256', masterKey).update('foyer seed fingerprint').digest('hex') : '';
  return createHash('sha256')
    .update(
      JSON.stringify(
        seedRows.canonical({
          format: FORMAT,
          migrations,
          publicOrigin,
          demo,
          keyTag,
          clients: seedClients.seedClients(publicOrigin),
          retiredClient: seedNotices.retiredClient(publicOrigin),
          modules: SEED_MODULES,
          sources: sources.map((text) => createHash('sha256').update(text).digest('base64url')),
        }),
      ),
    )
    .digest('base64url');
}

/**
 * Whether the last full start-up applied this fingerprint. False, never an error, on a database from before
 * the table (the migrations then create it) or a new one.
 */
export async function fingerprintApplied(db: Database, fingerprint: string): Promise<boolean> {
  try {
    const [row] = await db
      .select({ fingerprint: startupState.fingerprint })
      .from(startupState)
      .where(eq(startupState.id, 1));
    return row?.fingerprint === fingerprint;
  } catch {
    return false;
  }
}

/** Written last, after the migrations and the seed succeeded, under the start-up lock. */
export async function recordFingerprint(db: Database, fingerprint: string): Promise<void> {
  await db
    .insert(startupState)
    .values({ id: 1, fingerprint })
    .onConflictDoUpdate({ target: startupState.id, set: { fingerprint, writtenAt: new Date() } });
}
