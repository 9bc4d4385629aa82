import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginOption } from '../api/contract/auth.ts';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { brandConfigFixture, localesFixture } from '../test/fixtures/api.ts';
import { type AnalyticsEvent, setAnalyticsSink } from './analytics.ts';
import { pageFor } from './errorsPages.ts';
import { pathOf, routeOf } from './routes.ts';
import { selectScreen } from './selectors.ts';
import { signInMachine } from './signIn.machine.ts';

const app = { clientId: 'demo-app', appUrlScheme: 'https://app.example/cb', state: 's1' };
const federated = {
  ...brandConfigFixture('1210'),
  ssoEnabled: true,
  thirdPartySSOEnabled: true,
  appleLoginEnabled: true,
};
const never = fromPromise(() => new Promise<never>(() => {}));
const options: LoginOption[] = ['password', 'sso', 'emailLink'];

/** The machine started on an address, with the network's answers stood in for and the departures recorded. */
function start({
  query = {},
  hash = '',
  brandConfig = federated,
  loginInfo = {
    brandId: '1210',
    loginType: 'password' as const,
    loginOptions: options as LoginOption[] | undefined,
  },
}: {
  query?: Record<string, string>;
  hash?: string;
  brandConfig?: typeof federated;
  loginInfo?: { brandId: string; loginType: 'password'; loginOptions?: LoginOption[] | undefined };
} = {}) {
  const parsed = startupParamsSchema.parse({ ...app, force: 'true', ...query });
  const departures: string[] = [];
  const machine = signInMachine.provide({
    actors: {
      loadStartup: fromPromise(async () => ({
        clientId: app.clientId,
        params: parsed,
        paramsIssue: undefined,
        brandConfig,
        locales: localesFixture,
      })),
      lookupLoginInfo: fromPromise(async () => loginInfo),
      loadBrand: fromPromise(async () => ({
        brandConfig: { ...brandConfigFixture('7710'), ssoEnabled: true },
        locales: localesFixture,
      })),
      loadAppPermissions: never,
      requestCode: never,
      listSessions: fromPromise(async () => []),
      manageAccount: never,
    } as never,
    actions: {
      openIdentityProvider: ({ context }) =>
        void departures.push(`${context.identityEntrance}:${context.credential?.loginId ?? ''}`),
      loadFingerprintScript: () => {},
    },
  });
  const actor = createActor(machine, { input: { search: '', hash, stored: {} } }).start();
  return { actor, departures };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(
    actor,
    (snapshot) =>
      !snapshot.hasTag('busy') || snapshot.matches({ authenticating: 'leavingForIdentityProvider' }),
  );

afterEach(() => setAnalyticsSink(undefined));

describe('the identity provider returns to its notice or mismatch page (docs/notices.md "SSO notices")', () => {
  it.each([
    ['#/notification/google/SSO_ACCESS_DENIED', { ssoType: 'google', code: 'SSO_ACCESS_DENIED' }],
    ['#/notification/sso/API_ERROR_501', { ssoType: 'sso', code: 'API_ERROR_501' }],
    ['#/notification/apple', { ssoType: 'apple', code: undefined }],
    [
      '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com',
      { ssoType: 'sso', email: 'ssoonly@example.com' },
    ],
  ])('%s starts on that page, which a reload keeps', async (hash, outcome) => {
    const { actor } = start({ hash });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ failed: 'ssoOutcome' })).toBe(true);
    expect(selectScreen(snapshot)).toBe('ssoOutcome');
    expect(snapshot.context.initialRoute).toEqual({ name: 'ssoOutcome', ...outcome });
    const route = routeOf(snapshot as never);
    expect(route && `#${pathOf(route)}`).toBe(hash);
  });

  it('Try again at Google leaves for Google again', async () => {
    const { actor, departures } = start({ hash: '#/notification/google/SSO_ACCESS_DENIED' });
    await settled(actor);
    actor.send({ type: 'user.tryAgain' });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ authenticating: 'leavingForIdentityProvider' })).toBe(true);
    expect(departures).toEqual(['google:']);
  });

  it('Try again after a mismatch goes back to the SSO page with the email the user started with', async () => {
    const { actor } = start({
      hash: '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com',
      query: { login_hint: 'sso@example.com' },
    });
    await settled(actor);
    actor.send({ type: 'user.tryAgain' });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ authenticating: 'ssoLogin' })).toBe(true);
    expect(snapshot.context.credential?.loginId).toBe('sso@example.com');
  });

  it('Try again with Kerberos goes straight to the identity provider', async () => {
    const { actor, departures } = start({ hash: '#/notification/sso', query: { ui_options: 'kerberos' } });
    await settled(actor);
    actor.send({ type: 'user.tryAgain' });
    await settled(actor);
    expect(departures).toEqual(['sso:']);
  });

  it('Try again where the page no longer offers the entrance lands on the credential page', async () => {
    const { actor, departures } = start({
      hash: '#/notification/apple/APPLE_HIDDEN_EMAIL',
      query: { ui_options: 'hide_apple_id' },
    });
    await settled(actor);
    actor.send({ type: 'user.tryAgain' });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ identifying: 'enterCredential' })).toBe(true);
    expect(departures).toEqual([]);
  });

  it('Back to sign in (and Use another account) starts afresh on the credential page', async () => {
    const { actor } = start({ hash: '#/error/google/SSO_EMAIL_MISMATCH/ada%40example.com' });
    await settled(actor);
    actor.send({ type: 'user.restart' });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ identifying: 'enterCredential' })).toBe(true);
  });
});

describe('an SSO error code in the address (spec §2 start-up)', () => {
  it.each([
    ['API_ERROR_501', 'errorPage.ssoTitle', 'errors.sso.notAvailable'],
    ['API_ERROR_508', 'errorPage.ssoTitle', 'errors.ssoEnforced'],
    ['API_ERROR_316', 'errorPage.ssoTitle', 'errors.ssoEnabled'],
    ['API_ERROR_318', 'errorPage.ssoTitle', 'errors.sso.thirdPartyEnabled'],
    ['SSO_ACCESS_DENIED', 'errorPage.ssoTitle', 'errors.sso.accessDenied'],
    ['API_ERROR_213', 'errorPage.accessRestrictedTitle', 'errors.accountAccessRestriction'],
  ])('errorCode=%s opens its page: %s', async (errorCode, title, message) => {
    const { actor } = start({ query: { errorCode } });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ failed: 'error' })).toBe(true);
    const page = pageFor(snapshot.context.failure?.code ?? '', 'error');
    expect([page.title, page.message.id]).toEqual([title, message]);
  });

  it('the SSO variant of the error route, /error/{ssoType}/{errorCode}, words it the same way', () => {
    expect(pageFor('google/API_ERROR_508', 'error').title).toBe('errorPage.ssoTitle');
    expect(pageFor('apple/APPLE_HIDDEN_EMAIL', 'error').message.id).toBe('errors.sso.appleHiddenEmail');
  });
});

describe('the login option page (docs/notices.md "Login option")', () => {
  const toOptions = async (extra: Parameters<typeof start>[0] = {}) => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => events.push(event));
    const started = start(extra);
    await settled(started.actor);
    started.actor.send({ type: 'user.submitCredential', credential: 'options@example.com' });
    return { ...started, snapshot: await settled(started.actor), events };
  };

  it('comes after the credential check when login-info names a choice, with the option event', async () => {
    const { snapshot, events } = await toOptions();
    expect(snapshot.matches({ authenticating: 'chooseLoginOption' })).toBe(true);
    expect(routeOf(snapshot as never)).toEqual({ name: 'loginOption' });
    expect(events.map((event) => event.name)).toContain('option');
  });

  it('is skipped without a choice, or when the page hides single sign-on', async () => {
    const plain = await toOptions({ loginInfo: { brandId: '1210', loginType: 'password' } });
    expect(plain.snapshot.matches({ authenticating: 'enterPassword' })).toBe(true);
    const hidden = await toOptions({ query: { ui_options: 'hide_sso' } });
    expect(hidden.snapshot.matches({ authenticating: 'enterPassword' })).toBe(true);
  });

  it('follows a brand switch', async () => {
    const { snapshot } = await toOptions({
      loginInfo: { brandId: '7710', loginType: 'password', loginOptions: options },
    });
    expect(snapshot.matches({ authenticating: 'chooseLoginOption' })).toBe(true);
    expect(snapshot.context.brandConfig?.brandId).toBe('7710');
  });

  it('Use password opens the password page, whose Change comes back here', async () => {
    const { actor } = await toOptions();
    actor.send({ type: 'user.choosePassword' });
    expect(actor.getSnapshot().matches({ authenticating: 'enterPassword' })).toBe(true);
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().matches({ authenticating: 'chooseLoginOption' })).toBe(true);
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().matches({ identifying: 'enterCredential' })).toBe(true);
  });

  it('single sign-on leaves for the identity provider with the email as its hint', async () => {
    const { actor, departures } = await toOptions();
    actor.send({ type: 'user.chooseSso' });
    expect(departures).toEqual(['sso:options@example.com']);
  });

  it('the emailed link enters the account flow for this credential', async () => {
    const { actor } = await toOptions();
    actor.send({ type: 'user.requestExpressLink' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('managingAccount')).toBe(true);
    expect(snapshot.context.accountEntry).toEqual({ via: 'expressLink' });
    expect(snapshot.context.credential?.loginId).toBe('options@example.com');
  });

  it('a typed /loginOption is taken only while this credential has a choice', async () => {
    const { actor } = await toOptions({ loginInfo: { brandId: '1210', loginType: 'password' } });
    actor.send({ type: 'route.changed', route: { name: 'loginOption' } });
    expect(actor.getSnapshot().matches({ authenticating: 'enterPassword' })).toBe(true);
  });
});
