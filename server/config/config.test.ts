import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localesReply, parametersReply } from '../../api/contract/config.ts';
import { REAL_LOCALES } from '../../api/contract/locales.ts';
import { appPermissionsReply, countryReply, detectConnReply } from '../../api/contract/signInReplies.ts';
import { OPENID_SCOPE_IDS } from '../../api/scope.ts';
import { brands } from '../db/schema.ts';
import { createTestServer, expectFailure, getJson, signIn, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const failure = expectFailure;

describe('GET /api/config/parameters', () => {
  it('answers the default brand when none is given, with the locale attached', async () => {
    const response = await getJson(server.app, '/api/config/parameters', { clientId: 'foyer-web' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data, status } = parametersReply.parse(await response.json());
    expect(status).toEqual({ success: true, code: 0, errorParameters: {} });
    expect(data).toEqual({
      brandId: '1210',
      ubrandId: '1210',
      thirdPartySSOEnabled: true,
      appleLoginEnabled: true,
      ssoEnabled: true,
      enforceSSOOnly: false,
      iovationEnabled: false,
      signupUrl: 'https://orvalle.example.com/signup',
      brandCountryCode: '1',
      brandCountryIsoCode: 'US',
      brandCountryId: 1,
      assetId: '1210',
      assetServiceLink: '/brand-assets',
      platformSession: false,
      passkeys: true,
      localeId: 'en_US',
    });
  });

  it('answers the UK brand, and falls back to its default locale for one it does not support', async () => {
    const response = await getJson(server.app, '/api/config/parameters', {
      clientId: 'demo-app',
      brandId: '7710',
      localeId: 'de_DE',
    });
    const { data } = parametersReply.parse(await response.json());
    expect(data).toMatchObject({
      brandId: '7710',
      brandCountryId: 224,
      brandCountryCode: '44',
      brandCountryIsoCode: 'GB',
      localeId: 'en_GB',
    });
  });

  it.each([
    ['1210', 'de_DE'],
    ['1210', 'en_ZZ'],
    // The pseudo-locales are served when asked for, whatever the brand lists.
    ['7710', 'rc_XX'],
    ['7310', 'fr_CA'],
  ])('brand %s keeps the supported locale %s', async (brandId, localeId) => {
    const response = await getJson(server.app, '/api/config/parameters', {
      clientId: 'demo-app',
      brandId,
      localeId,
    });
    expect(parametersReply.parse(await response.json()).data.localeId).toBe(localeId);
  });

  // Spec §9: 27 brand ids; the UK, Australian and Canadian ones are named there, the rest are US.
  const UK = { brandCountryId: 224, brandCountryCode: '44', brandCountryIsoCode: 'GB' };
  const AU = { brandCountryId: 15, brandCountryCode: '61', brandCountryIsoCode: 'AU' };
  const CA = { brandCountryId: 39, brandCountryCode: '1', brandCountryIsoCode: 'CA' };
  const US = { brandCountryId: 1, brandCountryCode: '1', brandCountryIsoCode: 'US' };
  const COUNTRY_OF: Record<string, typeof US> = {
    '2010': UK,
    '3710': UK,
    '7710': UK,
    '5010': AU,
    '7310': CA,
  };
  const SPEC_BRAND_IDS = (
    '0 1210 1250 2000 2010 2020 2030 2040 2110 2210 3000 3420 3460 3610 3710 ' +
    '4210 4610 4710 4810 4910 5010 5110 5210 6010 7010 7310 7710'
  ).split(' ');
  const SIGN_UP_BRAND_IDS = ['1210', '3610', '3710', '2010', '5010', '1250'];

  it.each(SPEC_BRAND_IDS)(
    'answers brand %s in its country, with sign-up only if regional',
    async (brandId) => {
      const response = await getJson(server.app, '/api/config/parameters', { clientId: 'demo-app', brandId });
      const { data } = parametersReply.parse(await response.json());
      expect(data).toMatchObject({ brandId, assetId: brandId, ...(COUNTRY_OF[brandId] ?? US) });
      expect(data.signupUrl).toEqual(
        SIGN_UP_BRAND_IDS.includes(brandId)
          ? expect.stringMatching(/^https:\/\/\w+\.example\.com\/signup$/)
          : undefined,
      );
    },
  );

  it('seeds exactly the 27 brands of spec §9', async () => {
    const rows = await server.db.select({ id: brands.id }).from(brands);
    expect(rows.map((row) => row.id).sort()).toEqual([...SPEC_BRAND_IDS].sort());
    expect(SPEC_BRAND_IDS).toHaveLength(27);
  });

  it('answers BRAND_NOT_FOUND for an unknown brand', async () => {
    const status = await failure(
      await getJson(server.app, '/api/config/parameters', { clientId: 'demo-app', brandId: '999' }),
      404,
    );
    expect(status).toMatchObject({ success: false, code: 301, backendMessage: 'Brand not found' });
  });

  it.each([
    [{}, 'clientId: Invalid input: expected string, received undefined'],
    [{ clientId: '<script>alert(1)</script>' }, 'clientId: clientId has invalid characters'],
    [{ clientId: 'a'.repeat(129) }, expect.stringMatching(/^clientId: Too big/)],
    [{ clientId: 'demo-app', brandId: '12a' }, 'brandId: brandId must be digits'],
    [{ clientId: 'demo-app', localeId: 'english' }, 'localeId: localeId must look like en_US'],
    [{ clientId: 'demo-app', urlBrandIdFirst: 'yes' }, expect.stringMatching(/^urlBrandIdFirst: /)],
  ])('refuses %j with a specific message', async (query, message) => {
    const status = await failure(
      await getJson(server.app, '/api/config/parameters', query as Record<string, string>),
      400,
    );
    expect(status).toMatchObject({ code: 400, backendMessage: message });
  });
});

describe('GET /api/config/locales', () => {
  it('lists the default brand’s 23 locales, en_US first, each named in its own language, and the pseudo-locales outside production', async () => {
    const response = await getJson(server.app, '/api/config/locales', {
      clientId: 'demo-app',
      brandId: '1210',
    });
    const { data } = localesReply.parse(await response.json());
    expect(data.localeCode).toBe('en_US');
    expect(data.supportedLocaleCodes).toEqual([
      'en_US',
      ...REAL_LOCALES.filter((localeId) => localeId !== 'en_US'),
      'en_ZZ',
      'rc_XX',
    ]);
    expect(data.locales).toContainEqual({
      localeCode: 'de_DE',
      localeName: 'Deutsch',
      titleName: 'Deutsch (Deutschland)',
    });
    expect(data.locales).toContainEqual({
      localeCode: 'en_GB',
      localeName: 'English',
      titleName: 'English (United Kingdom)',
    });
    // The selector shows rc_XX alone in its language: its name must tell it from English.
    expect(data.locales.find((locale) => locale.localeCode === 'rc_XX')?.localeName).toMatch(/Pseudo-Bidi/);
    expect(data.locales.map((locale) => locale.localeCode)).toEqual(data.supportedLocaleCodes);
  });

  it.each([
    ['7710', ['en_GB']],
    ['3710', ['en_GB']],
    ['2010', ['en_GB']],
    ['5010', ['en_AU']],
    ['7310', ['en_CA', 'fr_CA']],
    ['2000', ['en_US', 'es_419']],
  ])('gives brand %s its region’s locales %j', async (brandId, locales) => {
    const response = await getJson(server.app, '/api/config/locales', { clientId: 'demo-app', brandId });
    const { data } = localesReply.parse(await response.json());
    expect(data.supportedLocaleCodes).toEqual(locales);
    expect(data.localeCode).toBe(locales[0]);
  });

  it('lists no pseudo-locale in production', async () => {
    const production = server.appWith({ listPseudoLocales: false });
    const response = await getJson(production, '/api/config/locales', {
      clientId: 'demo-app',
      brandId: '1210',
    });
    const { data } = localesReply.parse(await response.json());
    expect(data.supportedLocaleCodes).not.toContain('en_ZZ');
    expect(data.supportedLocaleCodes).toHaveLength(23);
  });

  it('answers 301 for an unknown brand and 400 without clientId', async () => {
    expect(
      await failure(await getJson(server.app, '/api/config/locales', { clientId: 'x', brandId: '4' }), 404),
    ).toMatchObject({ code: 301 });
    expect(
      await failure(await getJson(server.app, '/api/config/locales', { brandId: '1210' }), 400),
    ).toMatchObject({ code: 400 });
  });
});

describe('GET /api/config/country', () => {
  it('lists countries, filtered by loginAllowed', async () => {
    const all = countryReply.parse(
      await (await getJson(server.app, '/api/config/country', { clientId: 'demo-app' })).json(),
    );
    expect(all.data.records.find((country) => country.id === 224)).toEqual({
      id: 224,
      name: 'United Kingdom',
      isoCode: 'GB',
      callingCode: '44',
      loginAllowed: true,
    });
    const allowed = countryReply.parse(
      await (
        await getJson(server.app, '/api/config/country', {
          clientId: 'demo-app',
          loginAllowed: 'true',
          brandId: '1210',
        })
      ).json(),
    );
    expect(allowed.data.records.every((country) => country.loginAllowed)).toBe(true);
    expect(allowed.data.records.length).toBeLessThan(all.data.records.length);
  });

  it('refuses an unknown brand and a bad flag', async () => {
    expect(
      await failure(
        await getJson(server.app, '/api/config/country', { clientId: 'demo-app', brandId: '5' }),
        404,
      ),
    ).toMatchObject({ code: 301 });
    expect(
      await failure(
        await getJson(server.app, '/api/config/country', { clientId: 'demo-app', loginAllowed: '1' }),
        400,
      ),
    ).toMatchObject({
      code: 400,
    });
  });
});

describe('GET /api/config/app-permissions', () => {
  it('names the app and its scopes for the consent page', async () => {
    const cookie = await signIn(server.app);
    const response = await getJson(
      server.app,
      '/api/config/app-permissions',
      { clientId: 'demo-app', localeId: 'en_US' },
      cookie,
    );
    const { data } = appPermissionsReply.parse(await response.json());
    expect(data.appName).toBe('Demo Partner App');
    // All of the client's scopes; the page lists those the request asks for (machines/consentSelectors.ts).
    expect(data.permissions.map((permission) => permission.id)).toEqual([
      'ReadAccounts',
      'ReadCallLog',
      ...OPENID_SCOPE_IDS,
    ]);
    expect(data.permissions.every((permission) => permission.name.length > 0)).toBe(true);
  });

  it('answers 208 for an unknown client', async () => {
    const cookie = await signIn(server.app);
    const status = await failure(
      await getJson(server.app, '/api/config/app-permissions', { clientId: 'stranger' }, cookie),
      400,
    );
    expect(status).toMatchObject({ code: 208 });
  });

  it('answers 221 without a live session: consent is for a signed-in user', async () => {
    const status = await failure(
      await getJson(server.app, '/api/config/app-permissions', { clientId: 'demo-app' }),
      401,
    );
    expect(status).toMatchObject({ code: 221 });
    const expired = await failure(
      await getJson(
        server.app,
        '/api/config/app-permissions',
        { clientId: 'demo-app' },
        'foyer_session=not-a-live-session',
      ),
      401,
    );
    expect(expired).toMatchObject({ code: 221 });
  });
});

describe('GET /api/detect-conn', () => {
  it('answers online', async () => {
    const response = await getJson(server.app, '/api/detect-conn', {
      clientId: 'demo-app',
      ac: '1700000000000',
    });
    expect(detectConnReply.parse(await response.json()).data).toEqual({ online: true });
  });

  it('needs a numeric ac', async () => {
    const status = await failure(
      await getJson(server.app, '/api/detect-conn', { clientId: 'demo-app', ac: 'now' }),
      400,
    );
    expect(status.backendMessage).toMatch(/^ac: /);
  });
});
