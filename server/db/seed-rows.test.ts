import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { clients } from './schema.ts';
import { upsertSeeded } from './seed-rows.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const row = async (id: string) => (await server.db.select().from(clients).where(eq(clients.id, id)))[0];
const seeded = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  redirectUris: ['https://app.example/cb'],
  scopes: [],
  ...extra,
});

describe('upsertSeeded', () => {
  it('a release that adds a seeded field (and changes a value) updates rows the seed wrote before it', async () => {
    await upsertSeeded(server.db, clients, [seeded('seed-old', 'Old name')]);
    await upsertSeeded(server.db, clients, [
      seeded('seed-old', 'New name', { backchannelLogoutUri: 'https://app.example/bc' }),
    ]);
    expect(await row('seed-old')).toMatchObject({
      name: 'New name',
      backchannelLogoutUri: 'https://app.example/bc',
    });
  });

  it('leaves a row a person edited alone, whatever the seed says next', async () => {
    await upsertSeeded(server.db, clients, [seeded('seed-edited', 'Seeded')]);
    await server.db
      .update(clients)
      .set({ name: 'Renamed by an operator' })
      .where(eq(clients.id, 'seed-edited'));
    await upsertSeeded(server.db, clients, [
      seeded('seed-edited', 'Seeded again', { backchannelLogoutUri: 'https://app.example/bc' }),
    ]);
    expect(await row('seed-edited')).toMatchObject({
      name: 'Renamed by an operator',
      backchannelLogoutUri: null,
    });
  });
});
