import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetPasswordInfoReply } from '../../api/contract/account.ts';
import { passwordHistory } from '../db/schema.account.ts';
import { rateLimits } from '../db/schema.ts';
import { createTestServer, RELAXED_LIMITS, type TestServer } from '../testing/harness.ts';
import { accountCall, emailedLink, userIdOf } from './account.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-06-07T09:00:00Z') });
});
afterAll(() => server.close());

const MINUTE = 60_000;

describe('PASSWORD_HISTORY and the link lifetimes from the settings', () => {
  it('with 0, allows the current password again and keeps no earlier hash', async () => {
    const app = server.appWith({ account: { settings: { passwordHistory: 0, resetLinkMinutes: 5 } } });
    server.advance(11 * MINUTE);
    await accountCall(app, 'email-recovery-link', { credential: 'grace@example.co.uk', localeId: 'en_US' });
    const { token, message } = await emailedLink(app, 'grace@example.co.uk', 'createPassword');
    expect(message.text).toContain('expires in 5 minutes');
    const info = await accountCall(app, 'reset-password-info', { token });
    expect(resetPasswordInfoReply.parse(await info.json()).data.numberOfLastUsedPasswords).toBe(0);
    const same = await accountCall(app, 'reset-password', { token, password: 'Quartz-Meadow-83' });
    expect(same.status).toBe(200);
    const userId = await userIdOf(server, 'grace@example.co.uk');
    expect(await server.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toEqual(
      [],
    );
  });
});

describe('the per-IP limit on the account calls', () => {
  beforeEach(async () => {
    await server.db.delete(rateLimits);
  });
  afterEach(async () => {
    await server.db.delete(rateLimits);
  });

  it('answers HTTP 429 with a ray id past RATE_LIMIT_ACCOUNT_PER_IP', async () => {
    const limited = server.appWith({ limits: { ...RELAXED_LIMITS, accountPerIpPerMinute: 2 } });
    const lookup = () => accountCall(limited, 'lookup-credential', { credential: 'ada@example.com' });
    expect((await lookup()).status).toBe(200);
    expect((await lookup()).status).toBe(200);
    const refused = await lookup();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ray-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(
      (
        await accountCall(limited, 'email-recovery-link', {
          credential: 'ada@example.com',
          localeId: 'en_US',
        })
      ).status,
    ).toBe(429);
  });
});
