import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { createTestServer, ORIGIN, obtainCode, signIn, type TestServer } from '../testing/harness.ts';
import { openDatabase } from './client.ts';
import { purgeExpired } from './purge.ts';
import { termsVersions } from './schema.notices.ts';
import { authCodes, brands, clients, rateLimits, sessions, users } from './schema.ts';
import { refuseDemoData, seed } from './seed.ts';
import { SEED_USERS, seedClients } from './seed-data.ts';
import { upsertSeeded } from './seed-rows.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('seed', () => {
  it('stores argon2id hashes with the OWASP parameters, never the passwords', async () => {
    const rows = await server.db.select({ hash: users.passwordHash }).from(users);
    expect(rows).toHaveLength(SEED_USERS.length);
    for (const row of rows) expect(row.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('writes a missing account at the production cost in a process that lowered it for new passwords', async () => {
    // This project hashes new passwords at argon2id's minimum (test/setup/server.ts), and the image this
    // file's database came from was seeded by whichever test process needed it first.
    expect(await hashPassword('Violet-Harbor-47')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const email = 'grace@example.co.uk';
    await server.db
      .update(users)
      .set({ email: `moved.${email}` })
      .where(eq(users.email, email));
    try {
      await seed(server.db, ORIGIN);
      const [written] = await server.db.select().from(users).where(eq(users.email, email));
      expect(written?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await server.db.delete(users).where(eq(users.email, email));
      await server.db
        .update(users)
        .set({ email })
        .where(eq(users.email, `moved.${email}`));
    }
  });

  it('is idempotent, and moves the demo redirect URI to a new origin', async () => {
    const [before] = await server.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    await seed(server.db, 'http://localhost:9999');
    const [demo] = await server.db.select().from(clients).where(eq(clients.id, 'demo-app'));
    expect(demo?.redirectUris).toEqual(['http://localhost:9999/demo-app/callback']);
    const after = await server.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    expect(after).toEqual([before]);
    await seed(server.db, ORIGIN);
    expect(await server.db.select().from(users)).toHaveLength(SEED_USERS.length);
  });

  it('never overwrites a row a person changed, and keeps the rows nobody touched up to date', async () => {
    await server.db.update(brands).set({ name: 'Renamed by the operator' }).where(eq(brands.id, '2000'));
    await server.db
      .update(clients)
      .set({ redirectUris: ['https://notes.example/callback'] })
      .where(eq(clients.id, 'demo-notes'));
    await seed(server.db, 'http://localhost:9999');
    const brand = await server.db.select({ name: brands.name }).from(brands).where(eq(brands.id, '2000'));
    expect(brand).toEqual([{ name: 'Renamed by the operator' }]);
    const [notes] = await server.db.select().from(clients).where(eq(clients.id, 'demo-notes'));
    expect(notes?.redirectUris).toEqual(['https://notes.example/callback']);
    // Untouched, so the seed still owns it: the demo app follows the new origin.
    const [demo] = await server.db.select().from(clients).where(eq(clients.id, 'demo-app'));
    expect(demo?.redirectUris).toEqual(['http://localhost:9999/demo-app/callback']);
    await seed(server.db, ORIGIN);
  });
});

describe('seed without the demo (DATABASE_URL without SEED_DEMO=on, production)', () => {
  // Opening and migrating a database from nothing is the heavy part: once, outside any test's timeout.
  let database: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    await seed(database.db, ORIGIN, { demo: false });
  }, 60_000);
  afterAll(() => database.close());

  it('writes the brands, the terms versions and the SPA’s own client only; refuseDemoData then passes', async () => {
    expect(await database.db.select({ id: clients.id }).from(clients)).toEqual([{ id: 'foyer-web' }]);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select({ id: brands.id }).from(brands)).toHaveLength(27);
    expect((await database.db.select().from(termsVersions)).length).toBeGreaterThan(0);
    await expect(refuseDemoData(database.db)).resolves.toBeUndefined();
  });

  it('refuseDemoData fails once demo data is there: the demo clients and a demo account', async () => {
    // What the demo seed writes, without hashing fifty passwords: refuseDemoData reads ids and emails.
    await upsertSeeded(database.db, clients, seedClients(ORIGIN));
    const [ada] = SEED_USERS;
    if (!ada) throw new Error('no demo user');
    const { password: _, pin: __, ...row } = ada;
    await database.db.insert(users).values({ ...row, passwordHash: 'not-a-hash' });
    await expect(refuseDemoData(database.db)).rejects.toThrow(
      /holds the demo data \(clients demo-app, .*; 1 demo accounts\), refused under NODE_ENV=production/,
    );
  });
});

describe('purgeExpired', () => {
  it('deletes rate-limit counters whose window or lock has ended', async () => {
    const now = new Date();
    await server.db.insert(rateLimits).values([
      { key: 'test:ended', points: 3, expire: new Date(now.getTime() - 1000) },
      { key: 'test:running', points: 3, expire: new Date(now.getTime() + 60_000) },
    ]);
    await purgeExpired(server.db, now);
    const keys = (await server.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('test:running');
    expect(keys).not.toContain('test:ended');
  });

  it('deletes long-expired sessions and codes, keeping live ones', async () => {
    const cookie = await signIn(server.app);
    await obtainCode(server.app, cookie);
    const now = new Date();
    await purgeExpired(server.db, now);
    expect((await server.db.select().from(authCodes)).length).toBeGreaterThan(0);
    expect((await server.db.select().from(sessions)).length).toBeGreaterThan(0);

    await purgeExpired(server.db, new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000));
    expect(await server.db.select().from(authCodes)).toEqual([]);
    expect(await server.db.select().from(sessions)).toEqual([]);
  });
});
