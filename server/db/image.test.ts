import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../start.ts';
import { ORIGIN } from '../testing/harness.ts';
import { freePort } from '../testing/postgres-cluster.ts';
import { buildImage } from './build-image.ts';
import { type Database, type DatabaseTarget, openDatabase } from './client.ts';
import { passkeyBrands } from './schema.passkeys.ts';
import { startupState } from './schema.startup.ts';
import { brands, signingKeys, users } from './schema.ts';
import { SEED_BRANDS, SEED_USERS } from './seed-data.ts';
import { migrationJournal, SEED_SOURCES, seedFingerprint, seedSources } from './seed-fingerprint.ts';

const root = mkdtempSync(join(tmpdir(), 'foyer-image-'));
const image = join(root, 'dist', '.db-image.tar.gz');
afterAll(() => rmSync(root, { recursive: true, force: true }));

let imageHash: string | undefined;
beforeAll(async () => {
  await buildImage(image);
  imageHash = await adaHash({ dataDir: 'memory', image });
}, 60_000);

/** Salted: a user seeded again would get another hash, so an equal one shows the row came from the image. */
async function adaHash(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const [row] = await database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'ada@example.com'));
  await database.close();
  return row?.hash;
}

async function signIn(origin: string) {
  const response = await fetch(`${origin}/api/login?clientId=demo-app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-app', username: 'ada@example.com', password: 'Violet-Harbor-47' }),
  });
  return response.status;
}

async function redirectStatus(origin: string) {
  const response = await fetch(`${origin}/api/verifyRedirectURI?clientId=demo-app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-app', appUrlScheme: `${origin}/demo-app/callback` }),
  });
  return response.status;
}

async function kid(origin: string) {
  const jwks = (await (await fetch(`${origin}/oauth/jwks`)).json()) as JSONWebKeySet;
  return jwks.keys[0]?.kid;
}

describe('database image', () => {
  it('holds the seeded users and no signing key', async () => {
    expect(imageHash).toMatch(/^\$argon2id\$/);
    const database = await openDatabase({ dataDir: 'memory', image });
    expect(await database.db.select().from(users)).toHaveLength(SEED_USERS.length);
    expect(await database.db.select().from(signingKeys)).toEqual([]);
    await database.close();
  }, 30_000);

  it('starts fresh data folders that sign in, follow the real origin and each make their own key', async () => {
    const first = join(root, 'data-first');
    // An existing but empty folder (a mount point, mkdtemp) is as fresh as a missing one.
    const second = join(root, 'data-second');
    mkdirSync(second);
    const keys: (string | undefined)[] = [];
    for (const dataDir of [first, second]) {
      const server = await startServer({
        port: 0,
        dataDir,
        databaseImage: image,
        distDir: root,
        quiet: true,
      });
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      // The image was seeded for http://localhost:8080; the boot's seed moved the demo client to this port.
      expect(await redirectStatus(server.origin)).toBe(200);
      expect(await signIn(server.origin)).toBe(200);
      keys.push(await kid(server.origin));
      await server.close();
      expect(await adaHash({ dataDir })).toBe(imageHash);
    }
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);

    // A restart finds the cluster and keeps the folder's key rather than unpacking the image again.
    const again = await startServer({
      port: 0,
      dataDir: first,
      databaseImage: image,
      distDir: root,
      quiet: true,
    });
    expect(await kid(again.origin)).toBe(keys[0]);
    await again.close();
  }, 60_000);

  it('unpacks again over a folder an interrupted unpack left without PG_VERSION', async () => {
    const dataDir = join(root, 'data-interrupted');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'base', 'partial'), 'left over');
    const server = await startServer({ port: 0, dataDir, databaseImage: image, distDir: root, quiet: true });
    expect(await signIn(server.origin)).toBe(200);
    await server.close();
    expect(await adaHash({ dataDir })).toBe(imageHash);
  }, 30_000);

  it('falls back to initdb when there is no image', async () => {
    const dataDir = join(root, 'data-no-image');
    const database = await openDatabase({ dataDir, image: join(root, 'missing.tar.gz') });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    // Migrated but not seeded: nothing came from an image.
    expect(await database.db.select().from(users)).toEqual([]);
    await database.close();
  }, 60_000);
});

/** Opened as it is: the migrator would undo what the tests below take away. */
const asItIs = { migrated: async () => true };

/** A brand's name as the database holds it. */
async function brandName(dataDir: string, id: string) {
  const database = await openDatabase({ dataDir }, asItIs);
  const [row] = await database.db.select({ name: brands.name }).from(brands).where(eq(brands.id, id));
  await database.close();
  return row?.name;
}

/** Runs `change` on the folder's database while no server has it open. */
async function withDatabase(dataDir: string, change: (db: Database) => Promise<unknown>) {
  const database = await openDatabase({ dataDir }, asItIs);
  await change(database.db);
  await database.close();
}

/** One port, so one origin: a start on another would re-seed the demo redirect URIs, as it must. */
let port = 0;
const startOn = async (dataDir: string) => {
  port ||= await freePort();
  return startServer({ port, dataDir, databaseImage: image, distDir: root, quiet: true });
};

/** Drizzle's record of the newest migration (0014, which made startup_state): the migrator would run it again. */
const forgetNewestMigration = sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;

describe('warm start (docs/benchmarks.md "Ready in half a second")', () => {
  const dataDir = join(root, 'data-warm');
  const renamed = SEED_BRANDS[0] as (typeof SEED_BRANDS)[number];

  it('leaves the template databases out of the image', async () => {
    const database = await openDatabase({ dataDir: 'memory', image });
    const names = (await database.db.execute(sql`SELECT datname FROM pg_database ORDER BY datname`)) as {
      rows: { datname: string }[];
    };
    expect(names.rows.map((row) => row.datname)).toEqual(['postgres']);
    await database.close();
  }, 30_000);

  it('skips the seed and the migrator while the fingerprint matches, and applies a changed seed', async () => {
    let newest: unknown;
    await (await startOn(dataDir)).close();
    // Rows the seed would write again, and drizzle's record of the newest migration: a seed or a migrator
    // run would restore the first and fail on the second (its table exists).
    await withDatabase(dataDir, async (db) => {
      await db.delete(passkeyBrands).where(eq(passkeyBrands.brandId, '7710'));
      newest = await db.execute(sql`${forgetNewestMigration} RETURNING hash, created_at`);
    });
    const warm = await startOn(dataDir);
    expect(await signIn(warm.origin)).toBe(200);
    await warm.close();
    await withDatabase(dataDir, async (db) => {
      expect(await db.select().from(passkeyBrands).where(eq(passkeyBrands.brandId, '7710'))).toEqual([]);
      // Put back, as the migrator left it.
      const [row] = (newest as { rows: { hash: string; created_at: string }[] }).rows;
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row?.hash}, ${row?.created_at})`,
      );
    });

    // A release that renames a brand in the seed: the next start writes it (and the deleted row again).
    const seededName = renamed.name;
    renamed.name = `${seededName} (renamed)`;
    try {
      await (await startOn(dataDir)).close();
      expect(await brandName(dataDir, renamed.id)).toBe(`${seededName} (renamed)`);
    } finally {
      renamed.name = seededName;
    }
    await withDatabase(dataDir, async (db) => {
      expect(await db.select().from(passkeyBrands).where(eq(passkeyBrands.brandId, '7710'))).toHaveLength(1);
    });
    await (await startOn(dataDir)).close();
    expect(await brandName(dataDir, renamed.id)).toBe(seededName);
  }, 90_000);

  it('migrates and seeds a database from before the fingerprint table, and records the fingerprint', async () => {
    await withDatabase(dataDir, async (db) => {
      await db.execute(sql`DROP TABLE startup_state`);
      await db.execute(forgetNewestMigration);
      await db.delete(passkeyBrands).where(eq(passkeyBrands.brandId, '7710'));
    });
    const server = await startOn(dataDir);
    expect(await signIn(server.origin)).toBe(200);
    await server.close();
    await withDatabase(dataDir, async (db) => {
      expect(await db.select().from(startupState)).toHaveLength(1);
      expect(await db.select().from(passkeyBrands).where(eq(passkeyBrands.brandId, '7710'))).toHaveLength(1);
    });
  }, 60_000);

  it('changes the fingerprint with a new migration, the origin, the demo setting or the key', () => {
    const input = { publicOrigin: ORIGIN, demo: true, masterKey: Buffer.alloc(32, 1) };
    const current = seedFingerprint(input);
    expect(seedFingerprint(input)).toBe(current);
    expect(seedFingerprint(input, [...migrationJournal(), '0099_next@1900000000000'])).not.toBe(current);
    expect(seedFingerprint({ ...input, publicOrigin: 'https://sign-in.example.com' })).not.toBe(current);
    expect(seedFingerprint({ ...input, demo: false })).not.toBe(current);
    expect(seedFingerprint({ ...input, masterKey: Buffer.alloc(32, 2) })).not.toBe(current);
  });

  it('changes the fingerprint with any change to the seed’s own files, a private helper included', () => {
    const input = { publicOrigin: ORIGIN, demo: true, masterKey: Buffer.alloc(32, 1) };
    const sources = seedSources();
    const current = seedFingerprint(input, migrationJournal(), sources);
    expect(seedFingerprint(input)).toBe(current);
    for (const [at, text] of sources.entries()) {
      const edited = sources.map((other, index) => (index === at ? `${text}\n// edited\n` : other));
      expect(seedFingerprint(input, migrationJournal(), edited), SEED_SOURCES[at]).not.toBe(current);
    }
  });

  it('reads every seed file of server/db (a new one cannot be left out)', () => {
    const seedFiles = readdirSync(new URL('.', import.meta.url)).filter(
      (file) => /^seed.*\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'seed-fingerprint.ts',
    );
    expect(seedFiles.filter((file) => !SEED_SOURCES.includes(`./${file}` as never))).toEqual([]);
  });
});
