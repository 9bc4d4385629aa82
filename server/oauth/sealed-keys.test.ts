import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import { KEK_FILE, type KekRing, newKekEntry, parseKekRing } from '../security/key-encryption.ts';
import { startServer } from '../start.ts';
import { builtImageOption } from '../testing/built-image.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { postgresBinaries } from '../testing/postgres-cluster.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { openPrivateJwk, rewrapSigningKeys } from './sealed-keys.ts';
import { KEY_RING_REFRESH_MS, loadSigningKeys, rotateSigningKey, type SigningKeys } from './signing-keys.ts';

/** Private JWK members (RFC 7518 §6.2.2, §6.3.2): none may reach a dump. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;
const countOf = (text: string, needle: string) => text.split(needle).length - 1;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // Four keys: the first pair and a rotated one.
  await rotateSigningKey(server.db, server.kek, new Date());
}, 30_000);
afterAll(() => server.close());

const rowsOf = async (db: Database, query: ReturnType<typeof sql>) => {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
};

/** Every row of every table (and the migrations' own), as PostgreSQL prints it: a SQL-level dump. */
async function dumpRows(db: Database): Promise<string> {
  const tables = await rowsOf(
    db,
    sql`SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE'`,
  );
  const lines: string[] = [];
  for (const { table_schema, table_name } of tables) {
    const rows = await rowsOf(
      db,
      sql`SELECT row_to_json(t)::text AS line FROM ${sql.identifier(String(table_schema))}.${sql.identifier(String(table_name))} t`,
    );
    lines.push(...rows.map((row) => String(row.line)));
  }
  return lines.join('\n');
}

/** The private members' values of every key, opened with the KEK: what must not be found. */
async function privateValues(db: Database, kek: KekRing): Promise<string[]> {
  const rows = await db.select().from(signingKeys);
  return rows.flatMap((row) => {
    const jwk = openPrivateJwk(kek, row) as Record<string, unknown>;
    return PRIVATE_MEMBERS.flatMap((member) => (typeof jwk[member] === 'string' ? [jwk[member]] : []));
  });
}

function expectNoPrivateKeyIn(dump: string, secrets: string[]) {
  expect(countOf(dump, '"d":')).toBe(0);
  expect(dump).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  for (const secret of secrets) expect(dump.includes(secret)).toBe(false);
}

describe('a dump of the database (docs/key-management.md "What a dump holds")', () => {
  it('holds the public keys, sealed private keys, and no private key material', async () => {
    const secrets = await privateValues(server.db, server.kek);
    // Two ES256 keys (d) and two RS256 keys (d, p, q, dp, dq, qi).
    expect(secrets).toHaveLength(2 + 2 * PRIVATE_MEMBERS.length);
    const dump = await dumpRows(server.db);
    // The dump did read the keys' table: their public halves are there.
    const kids = (await server.db.select({ kid: signingKeys.kid }).from(signingKeys)).map((row) => row.kid);
    expect(kids).toHaveLength(4);
    for (const kid of kids) expect(dump).toContain(kid);
    expectNoPrivateKeyIn(dump, secrets);
  });

  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl)
    it('pg_dump of a first start holds none either', async () => {
      const database = await createTestDatabase(adminUrl);
      const opened = await openDatabase({ databaseUrl: database.url });
      const kek: KekRing = [{ id: 'pg', key: randomBytes(32) }];
      try {
        await loadSigningKeys(opened.db, kek);
        const dump = execFileSync(join(postgresBinaries(), 'pg_dump'), ['--dbname', database.url], {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
        });
        expect(dump).toContain('COPY public.signing_keys');
        expectNoPrivateKeyIn(dump, await privateValues(opened.db, kek));
      } finally {
        await opened.close();
        await database.drop();
      }
    }, 30_000);
  else
    it("PGlite's dump of its files holds none either", async () => {
      const secrets = await privateValues(server.db, server.kek);
      const dump = await server.dump?.('none');
      if (!dump) throw new Error('PGlite gave no dump');
      const files = Buffer.from(await dump.arrayBuffer()).toString('latin1');
      expect(files).toContain('signing_keys');
      for (const secret of secrets) expect(files.includes(secret)).toBe(false);
    }, 30_000);
});

/** A key as the server before sealing stored it: the private JWK in clear. */
async function clearRow(signsFrom: Date) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
  return {
    kid,
    alg: 'ES256',
    privateJwk,
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
    signsFrom,
  };
}

async function signWith(keys: SigningKeys) {
  const { kid, privateKey } = await keys.signer();
  return { kid, token: await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey) };
}

describe('an upgraded database (migration 0013)', () => {
  it('has its keys in clear sealed at start: none is left in clear, and they still sign', async () => {
    const legacy = await clearRow(new Date());
    await server.db.insert(signingKeys).values(legacy);
    expect(countOf(await dumpRows(server.db), '"d":')).toBe(1);

    const keys = await loadSigningKeys(server.db, server.kek);
    expect(countOf(await dumpRows(server.db), '"d":')).toBe(0);
    const [row] = await server.db.select().from(signingKeys).where(eq(signingKeys.kid, legacy.kid));
    expect(row).toMatchObject({ privateJwk: null, kekId: 'test' });
    if (!row) throw new Error('no row');
    expect(openPrivateJwk(server.kek, row)).toEqual(legacy.privateJwk);
    const signed = await signWith(keys);
    expect(signed.kid).toBe(legacy.kid);
    await expect(jwtVerify(signed.token, keys.verificationKeys)).resolves.toBeTruthy();
  });
});

describe('a key-encryption key that does not open the keys', () => {
  it('stops loadSigningKeys with the kid and KEK id, never a 500 later', async () => {
    await expect(loadSigningKeys(server.db, [{ id: 'test', key: randomBytes(32) }])).rejects.toThrow(
      /^oauth signing key \S+: key-encryption key "test" does not open its data key/,
    );
    await expect(loadSigningKeys(server.db, [{ id: 'other', key: randomBytes(32) }])).rejects.toThrow(
      /is sealed under key-encryption key "test", which is not configured \(configured: other\)/,
    );
  });

  it('refuses an altered row, and a sealed key copied to another kid', async () => {
    const [first, second] = await server.db.select().from(signingKeys).limit(2);
    if (!first || !second) throw new Error('no keys');
    const restore = async () => {
      for (const row of [first, second])
        await server.db
          .update(signingKeys)
          .set({ sealedPrivateJwk: row.sealedPrivateJwk, wrappedKey: row.wrappedKey })
          .where(eq(signingKeys.kid, row.kid));
    };
    const [version, iv, body = '', tag] = (first.sealedPrivateJwk ?? '').split('.');
    const altered = [version, iv, `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`, tag].join('.');
    try {
      await server.db
        .update(signingKeys)
        .set({ sealedPrivateJwk: altered })
        .where(eq(signingKeys.kid, first.kid));
      await expect(loadSigningKeys(server.db, server.kek)).rejects.toThrow(
        `oauth signing key ${first.kid}: the ciphertext does not open`,
      );
      await restore();
      // The second key's sealed JWK and data key, under the first key's kid: the kid is associated data.
      await server.db
        .update(signingKeys)
        .set({ sealedPrivateJwk: second.sealedPrivateJwk, wrappedKey: second.wrappedKey })
        .where(eq(signingKeys.kid, first.kid));
      await expect(loadSigningKeys(server.db, server.kek)).rejects.toThrow(
        `oauth signing key ${first.kid}: key-encryption key "test" does not open its data key`,
      );
    } finally {
      await restore();
    }
    await expect(loadSigningKeys(server.db, server.kek)).resolves.toBeTruthy();
  });

  it('a key sealed later under a KEK this process lacks: published, and the older key goes on signing', async () => {
    let now = Date.now();
    const keys = await loadSigningKeys(server.db, server.kek, () => now);
    const before = await signWith(keys);
    const stranger: KekRing = [{ id: 'stranger', key: randomBytes(32) }, ...server.kek];
    const rotated = await rotateSigningKey(server.db, stranger, new Date(now - 60 * 60_000));
    now += KEY_RING_REFRESH_MS + 1;
    expect((await keys.jwks()).keys.map((key) => key.kid)).toContain(rotated.kid);
    expect((await signWith(keys)).kid).toBe(before.kid);
    await server.db.delete(signingKeys).where(eq(signingKeys.kekId, 'stranger'));
  });

  it('stops startServer with a clear message on a data folder whose kek.key was replaced', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-kek-start-'));
    try {
      const first = await startServer({
        port: 0,
        dataDir,
        distDir: dataDir,
        quiet: true,
        ...builtImageOption(),
      });
      await first.close();
      const file = join(dataDir, KEK_FILE);
      const parsed = parseKekRing(readFileSync(file, 'utf8'));
      const id = 'ring' in parsed ? parsed.ring[0].id : '';
      writeFileSync(file, `${newKekEntry(id)}\n`);
      await expect(startServer({ port: 0, dataDir, distDir: dataDir, quiet: true })).rejects.toThrow(
        `key-encryption key "${id}" does not open its data key`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

// Last: it moves every row to another KEK.
describe('npm run keys:rewrap', () => {
  it('moves every row to the newest KEK, idempotently; tokens signed before still verify', async () => {
    const keys = await loadSigningKeys(server.db, server.kek);
    const signed = await signWith(keys);
    const rows = await server.db.select({ kid: signingKeys.kid }).from(signingKeys);
    const changing: KekRing = [{ id: 'next', key: randomBytes(32) }, ...server.kek];
    // While the rows move, a process that lists both KEKs opens either form.
    expect(await rewrapSigningKeys(server.db, changing)).toEqual({
      sealed: 0,
      rewrapped: rows.length,
      current: 0,
      failed: [],
    });
    expect(await rewrapSigningKeys(server.db, changing)).toEqual({
      sealed: 0,
      rewrapped: 0,
      current: rows.length,
      failed: [],
    });
    const [next] = changing;
    const after = await loadSigningKeys(server.db, [next]);
    await expect(jwtVerify(signed.token, after.verificationKeys)).resolves.toBeTruthy();
    expect((await signWith(after)).kid).toBe(signed.kid);
    // A row under a KEK no longer configured is reported, not guessed at, and the others still move.
    const report = await rewrapSigningKeys(server.db, [{ id: 'third', key: randomBytes(32) }]);
    expect(report).toMatchObject({ rewrapped: 0, current: 0 });
    expect(report.failed).toHaveLength(rows.length);
    expect(report.failed[0]).toMatch(/sealed under key-encryption key "next", which is not configured/);
  });
});
