import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { brandConfigFixture, localesFixture } from '../test/fixtures/api.ts';
import { okReply } from '../test/fixtures/replies.ts';

/** Waits for the condition, however busy the machine: a deadline is not what the test is about. */
const UNTIL_SETTLED = { timeout: 30_000 };

const api = setupServer(
  http.get('*/api/config/parameters', ({ request }) =>
    okReply(brandConfigFixture(new URL(request.url).searchParams.get('brandId') ?? '1210')),
  ),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.get('*/brand-assets/:assetId/base.json', ({ params }) =>
    HttpResponse.json({
      assetId: params.assetId,
      brandId: params.assetId,
      launchYear: 2016,
      customerSupportNumber: '+16135550173',
      supportEmailAddress: 'support@cedarlume.example.com',
    }),
  ),
  // Only en-US exists, so any other locale falls back to it (spec §7).
  http.get('*/brand-assets/:assetId/:file', ({ params }) =>
    params.file === 'en-US.json'
      ? HttpResponse.json({
          locale: 'en-US',
          displayName: `Brand ${params.assetId} (assets)`,
          shortDisplayName: 'Assets',
          copyright: 'Assets Inc.',
          notificationTradeMark: 'Assets.',
          legalInfoPage: 'https://assets.example.com/en-US/legal',
          privacyPolicyPage: 'https://assets.example.com/en-US/privacy',
          termsOfServicePage: 'https://assets.example.com/en-US/terms',
          feedbackPage: 'https://assets.example.com/en-US/feedback',
          callSupportPage: 'https://assets.example.com/en-US/support/call',
          rcSupportRootPage: 'https://assets.example.com/en-US/support',
        })
      : HttpResponse.json({ message: 'not found' }, { status: 404 }),
  ),
  http.post('*/api/number/parse', () =>
    okReply({
      phoneNumbers: [
        {
          originalString: '+16135550173',
          parsed: true,
          isValid: true,
          e164: '+16135550173',
          countryCallingCode: '1',
          countryIsoCode: 'CA',
          formattedNational: '(613) 555-0173',
          formattedInternational: '+1 613 555 0173',
        },
      ],
    }),
  ),
);

beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  vi.doUnmock('../brand/brands/brand-2040.ts');
  vi.resetModules();
});
afterAll(() => api.close());

/** A fresh module graph per test, so the brand cache starts empty. */
const freshModules = async () => ({
  actors: await import('./actors.ts'),
  registry: await import('../brand/registry.ts'),
  details: await import('../brand/withDetails.ts'),
  firstScreen: await import('./firstScreen.ts'),
});

describe('brand loading in the start-up and brand actors', () => {
  it('loadStartup has the brand’s tokens cached when it resolves', async () => {
    const { actors, registry } = await freshModules();
    expect(registry.getBrand('7310').displayName).not.toBe('Cedarlume Meetings');
    const run = createActor(actors.loadStartup, {
      input: {
        search: '?clientId=demo&brandId=7310',
        localeRequest: { uiLocales: [], localeId: undefined, browserLanguages: [] },
      },
    });
    run.start();
    const output = await toPromise(run);
    expect(output.brandConfig.brandId).toBe('7310');
    expect(registry.getBrand('7310').displayName).toBe('Cedarlume Meetings');
  });

  it('loadBrand has the brand’s tokens cached when it resolves', async () => {
    const { actors, registry } = await freshModules();
    const input = {
      clientId: 'demo',
      brandId: '7710',
      localeRequest: { uiLocales: [], localeId: 'en_US', browserLanguages: [] },
    };
    const run = createActor(actors.loadBrand, { input });
    run.start();
    await toPromise(run);
    expect(registry.getBrand('7710').displayName).toBe('Brackenby Voice');
  });

  it('the asset files and the formatted support number arrive once the first screen is drawn, falling back to en-US', async () => {
    const { actors, details, firstScreen } = await freshModules();
    const asked: string[] = [];
    api.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    const run = createActor(actors.loadBrand, {
      input: {
        clientId: 'demo',
        brandId: '7310',
        localeRequest: { uiLocales: [], localeId: 'fr_CA', browserLanguages: [] },
      },
    });
    run.start();
    await toPromise(run);
    // The brand is in force without them: nothing asks for them before the first screen is drawn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toContain('/api/config/parameters');
    expect(asked.filter((path) => path.startsWith('/brand-assets/'))).toEqual([]);
    expect(details.detailsOf('7310')).toBeUndefined();
    const arrived = vi.fn();
    details.onDetailsArrived(arrived);
    firstScreen.firstScreenDrawn();
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledOnce(), UNTIL_SETTLED);
    expect(details.detailsOf('7310')).toEqual({
      displayName: 'Brand 7310 (assets)',
      shortDisplayName: 'Assets',
      launchYear: 2016,
      supportPhone: '+16135550173',
      supportPhoneText: '1-613-555-0173',
      helpUrl: 'https://assets.example.com/en-US/support',
      links: {
        legal: 'https://assets.example.com/en-US/legal',
        privacy: 'https://assets.example.com/en-US/privacy',
        terms: 'https://assets.example.com/en-US/terms',
        feedback: 'https://assets.example.com/en-US/feedback',
      },
    });
    api.events.removeAllListeners();
  });

  it('without asset files the brand still loads, on its token file alone', async () => {
    api.use(http.get('*/brand-assets/:assetId/:file', () => HttpResponse.error()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actors, details, firstScreen } = await freshModules();
    const run = createActor(actors.loadBrand, {
      input: {
        clientId: 'demo',
        brandId: '7710',
        localeRequest: { uiLocales: [], localeId: 'en_US', browserLanguages: [] },
      },
    });
    run.start();
    const output = await toPromise(run);
    expect(output.brandConfig.brandId).toBe('7710');
    firstScreen.firstScreenDrawn();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce(), UNTIL_SETTLED);
    expect(details.detailsOf('7710')).toBeUndefined();
    warn.mockRestore();
  });

  it('a failed brand chunk still resolves, with the default look under the brand’s id', async () => {
    vi.doMock('../brand/brands/brand-2040.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actors, registry } = await freshModules();
    const input = {
      clientId: 'demo',
      brandId: '2040',
      localeRequest: { uiLocales: [], localeId: 'en_US', browserLanguages: [] },
    };
    const run = createActor(actors.loadBrand, { input });
    run.start();
    const output = await toPromise(run);
    expect(output.brandConfig.brandId).toBe('2040');
    expect(registry.getBrand('2040').brandId).toBe('2040');
    expect(registry.getBrand('2040').theme).toBe(registry.getBrand('1210').theme);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('the identity provider from the calls chunk (machines/identityProvider.ts)', () => {
  const googleInPopup = {
    params: { ui_options: ['external_popup'], external_browser: undefined },
    identityEntrance: 'google',
    search: '?clientId=demo-app',
    rememberMe: false,
  } as unknown as import('./signIn.types.ts').SignInContext;

  it('opens the popup in the same task as the choice once the chunk is in, so no blocker stops it', async () => {
    const { actors } = await freshModules();
    await actors.preloadSignInCalls();
    const open = vi.spyOn(globalThis, 'open').mockReturnValue(null);
    const actor = createActor(actors.watchIdentityPopup, { input: googleInPopup }).start();
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/sso\/google\/startup\?clientId=demo-app&idType=google&ssoPopup=true$/),
      'foyer-identity',
      expect.stringContaining('popup,width=900,height=700'),
    );
    await expect(toPromise(actor)).resolves.toBe('blocked');
    open.mockRestore();
  });
});

describe('when the calls chunk will not load (a deployment replaced it, or the network is gone)', () => {
  const googleHere = {
    params: { ui_options: [], external_browser: undefined },
    identityEntrance: 'google',
    search: '?clientId=demo-app',
    rememberMe: false,
  } as unknown as import('./signIn.types.ts').SignInContext;

  it('leaving for the identity provider reloads the page instead of leaving the progress page up', async () => {
    vi.doMock('./signInCalls.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, reload });
    try {
      const { actors } = await freshModules();
      actors.leaveForIdentityProvider(googleHere);
      await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), UNTIL_SETTLED);
    } finally {
      vi.unstubAllGlobals();
      vi.doUnmock('./signInCalls.ts');
    }
  });

  it('the popup watcher ends as cancelled, so the credential page comes back', async () => {
    vi.doMock('./signInCalls.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const open = vi.spyOn(globalThis, 'open').mockReturnValue(null);
    try {
      const { actors } = await freshModules();
      const actor = createActor(actors.watchIdentityPopup, {
        input: {
          ...googleHere,
          params: { ...googleHere.params, ui_options: ['external_popup'] },
        } as unknown as import('./signIn.types.ts').SignInContext,
      }).start();
      await expect(toPromise(actor)).resolves.toBe('cancelled');
      expect(open).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
      vi.doUnmock('./signInCalls.ts');
    }
  });
});
