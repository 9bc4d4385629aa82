import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../start.ts';
import { buildImage } from './build-image.ts';
import { type DatabaseTarget, openDatabase } from './client.ts';
import { signingKeys, users } from './schema.ts';
import { SEED_USERS } from './seed-data.ts';

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
