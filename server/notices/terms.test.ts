import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptTermsReply, termsReply } from '../../api/contract/notices.ts';
import { termsAcceptances, termsVersions } from '../db/schema.notices.ts';
import { brands } from '../db/schema.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  expectFailure,
  RELAXED_LIMITS,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { authorizeSilently, requestCode } from '../two-factor/two-factor.testing.ts';
import { auditKinds, codeOf, grantDemoApp, noticeCalls, signedInAs, userIdOf } from './notices.testing.ts';
import { dayOf } from './retired.service.ts';
import { termsVariantOf } from './terms.service.ts';

// The terms of service (730/731, docs/notices.md "Server").

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const websiteOf = async (brandId: string) =>
  (await server.db.select({ url: brands.websiteUrl }).from(brands).where(eq(brands.id, brandId)))[0]?.url;

const termsOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return termsReply.parse(await response.json()).data;
};

it('brands 2000 to 4910 have the partner text, every other brand the default (spec §9)', () => {
  const partner = ['2000', '2010', '3710', '4910'];
  const other = ['1210', '1999', '4911', '7710', '2x00', ''];
  expect(partner.map(termsVariantOf)).toEqual(partner.map(() => 'partner'));
  expect(other.map(termsVariantOf)).toEqual(other.map(() => 'default'));
});

describe('GET /api/terms', () => {
  it('tos@ accepted the 2025 text: the 2026 default one, said to be updated, with its brand page', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const terms = await termsOf(await noticeCalls(server.app, jar).terms());
    expect(terms).toEqual({
      version: '2026-09-01',
      variant: 'default',
      brandId: '1210',
      effectiveDate: '2026-09-01',
      updated: true,
      termsUrl: `${await websiteOf('1210')}/en-US/terms`,
    });
  });

  it('tos3710@ (a partner brand) gets the partner text, never accepted before', async () => {
    const jar = await signedInAs(server.app, 'tos3710');
    const terms = await termsOf(await noticeCalls(server.app, jar).terms());
    expect(terms).toMatchObject({
      version: '2026-10-15',
      variant: 'partner',
      brandId: '3710',
      updated: false,
    });
    expect(terms.termsUrl).toBe(`${await websiteOf('3710')}/en-GB/terms`);
  });

  it('a locale the brand lacks falls back to the brand default for the page link', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const terms = await termsOf(await noticeCalls(server.app, jar).terms({ localeId: 'fr_FR' }));
    expect(terms.termsUrl).toMatch(/\/fr-FR\/terms$/);
    const partner = await signedInAs(server.app, 'tos3710');
    const british = await termsOf(await noticeCalls(server.app, partner).terms({ localeId: 'fr_FR' }));
    expect(british.termsUrl).toMatch(/\/en-GB\/terms$/);
  });

  it('answers the account the sessionId names among the browser’s, else the most recent', async () => {
    const jar = cookieJar();
    const tos = await signInWith(server.app, jar, { email: 'tos@example.com', password: ADA.password });
    await signInWith(server.app, jar, ADA);
    if (!tos.sessionId) throw new Error('the login reply names no session');
    const calls = noticeCalls(server.app, jar);
    expect((await termsOf(await calls.terms())).updated).toBe(false);
    expect((await termsOf(await calls.terms({ sessionId: tos.sessionId }))).updated).toBe(true);
  });

  it('221 without a session, and for a sessionId this browser does not hold', async () => {
    expect((await expectFailure(await noticeCalls(server.app, cookieJar()).terms(), 401)).code).toBe(221);
    const jar = await signedInAs(server.app, 'tos');
    const unknown = await noticeCalls(server.app, jar).terms({ sessionId: 'not-a-session' });
    expect((await expectFailure(unknown, 401)).code).toBe(221);
  });

  it('a bad query is refused by field name', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const noClient = await server.app.request('/api/terms?localeId=en_US', {
      headers: { cookie: jar.header },
    });
    expect((await expectFailure(noClient, 400)).backendMessage).toContain('clientId');
    const badLocale = await noticeCalls(server.app, jar).terms({ localeId: '<script>' });
    expect((await expectFailure(badLocale, 400)).backendMessage).toContain('localeId');
  });
});

describe('generate-code and POST /api/terms/accept', () => {
  it('730 (naming the version) until the current version is accepted; then a code, audited once', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const refused = await expectFailure(await requestCode(server.app, jar), 403);
    expect(refused.code).toBe(730);
    expect(refused.errorParameters).toEqual({ version: '2026-09-01' });
    const calls = noticeCalls(server.app, jar);
    const accepted = await calls.accept({ version: '2026-09-01' });
    expect(accepted.status).toBe(200);
    const data = acceptTermsReply.parse(await accepted.json()).data;
    expect(data.version).toBe('2026-09-01');
    expect(new Date(data.acceptedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
    expect((await termsOf(await calls.terms())).updated).toBe(false);
    const events = await auditKinds(server.db, 'tos@example.com', 'notice.terms_accepted');
    expect(events.map((event) => event.detail)).toEqual([
      { termsVersion: '2026-09-01', termsVariant: 'default', clientId: 'demo-app' },
    ]);
    // Accepting again (another tab) keeps the first record and its time.
    const again = acceptTermsReply.parse(await (await calls.accept({ version: '2026-09-01' })).json()).data;
    expect(again.acceptedAt).toBe(data.acceptedAt);
    expect(await auditKinds(server.db, 'tos@example.com', 'notice.terms_accepted')).toHaveLength(1);
  });

  it('stores who, which text, when and through which client', async () => {
    const jar = await signedInAs(server.app, 'tos3710');
    expect(
      (await noticeCalls(server.app, jar).accept({ clientId: 'demo-notes', version: '2026-10-15' })).status,
    ).toBe(200);
    const rows = await server.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, await userIdOf(server.db, 'tos3710@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ variant: 'partner', version: '2026-10-15', clientId: 'demo-notes' });
    expect(rows[0]?.acceptedAt).toBeInstanceOf(Date);
  });

  it('731 for a version that is not the current one (an older one, another variant’s, an unknown date)', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const calls = noticeCalls(server.app, jar);
    for (const version of ['2025-03-01', '2026-10-15', '2031-01-01']) {
      const refused = await expectFailure(await calls.accept({ version }), 409);
      expect(refused.code).toBe(731);
      expect(refused.errorParameters).toEqual({ version: '2026-09-01' });
    }
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(730);
  });

  it('a version published today replaces the accepted one: 730 again, and the page says updated', async () => {
    const jar = await signedInAs(server.app, 'tos');
    const calls = noticeCalls(server.app, jar);
    await calls.accept({ version: '2026-09-01' });
    const today = dayOf(server.now());
    await server.db
      .insert(termsVersions)
      .values({ variant: 'default', version: today, effectiveDate: today });
    expect((await expectFailure(await calls.accept({ version: '2026-09-01' }), 409)).code).toBe(731);
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(730);
    expect(await termsOf(await calls.terms())).toMatchObject({ version: today, updated: true });
  });

  it('a version still to come is not in force yet', async () => {
    const jar = await signedInAs(server.app, 'tos');
    await server.db
      .insert(termsVersions)
      .values({ variant: 'default', version: '2999-01-01', effectiveDate: '2999-01-01' });
    expect((await termsOf(await noticeCalls(server.app, jar).terms())).version).toBe('2026-09-01');
  });

  it('accounts outside click-through terms are not asked', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
  });

  it('prompt=none answers interaction_required until the terms are accepted', async () => {
    await grantDemoApp(server.db, 'tos@example.com');
    const jar = await signedInAs(server.app, 'tos');
    const pending = await authorizeSilently(server.app, jar);
    expect(pending.params.get('error')).toBe('interaction_required');
    expect(pending.params.get('code')).toBeNull();
    await noticeCalls(server.app, jar).accept({ version: '2026-09-01' });
    expect((await authorizeSilently(server.app, jar)).params.get('code')).toBeTruthy();
  });

  it('221 without a session', async () => {
    const refused = await noticeCalls(server.app, cookieJar()).accept({ version: '2026-09-01' });
    expect((await expectFailure(refused, 401)).code).toBe(221);
  });

  it.each([
    [{}, 'version'],
    [{ version: 'yesterday' }, 'version'],
    [{ version: 20260901 }, 'version'],
    [{ version: '2026-09-01', sessionId: 'x'.repeat(65) }, 'sessionId'],
  ])('a bad body %j is refused naming %s', async (body, field) => {
    const jar = await signedInAs(server.app, 'tos');
    const refused = await expectFailure(await noticeCalls(server.app, jar).accept(body), 400);
    expect(refused.code).toBe(400);
    expect(refused.backendMessage).toContain(field);
  });

  it('the terms calls count against the per-IP limit of the account calls', async () => {
    const limited = server.appWith({ limits: { ...RELAXED_LIMITS, accountPerIpPerMinute: 2 } });
    const jar = await signedInAs(limited, 'tos');
    const calls = noticeCalls(limited, jar);
    expect((await calls.terms()).status).toBe(200);
    expect((await calls.accept({ version: '2026-09-01' })).status).toBe(200);
    const refused = await calls.accept({ version: '2026-09-01' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
