import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGrants } from '../db/schema.device.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { describeError } from './errors.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// Found by the fuzz test (docs/fuzzing.md): drizzle's real DrizzleQueryError keeps the name 'Error', so
// its message, with the query's bound parameters (token and password hashes), went to the log whole.
describe('a query that fails in the database', () => {
  it('is logged with the driver’s message, never with the bound parameters', async () => {
    const failure = await server.db
      .insert(deviceGrants)
      .values({ state: 'secret-5f2b9c\u0000' } as typeof deviceGrants.$inferInsert)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const line = describeError(failure);
    expect(line).toMatch(/^DrizzleQueryError: /);
    expect(line).not.toContain('secret-5f2b9c');
    expect(line).not.toContain('params:');
  });
});
