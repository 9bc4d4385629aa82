import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { brandConfigFixture } from '../test/fixtures/api.ts';
import { showLocaleOutside } from './localeChange.ts';
import { routeOf } from './routes.ts';
import { effectiveLocale, searchWithLocale } from './signIn.context.ts';
import { signInMachine } from './signIn.machine.ts';

const query = { clientId: 'demo-app', appUrlScheme: 'https://app.example/cb', state: 's1', force: 'true' };
const search = `?${new URLSearchParams({ ...query, ui_locales: 'fr-CA', localeId: 'ja_JP' })}`;
const locales = {
  localeCode: 'en_US',
  supportedLocaleCodes: ['en_US', 'fr_FR', 'de_DE', 'ja_JP'],
  locales: [],
};

/** The machine on the credential page, the network stood in for, the locale's side effects recorded. */
async function onCredentialPage() {
  const outside: string[] = [];
  const machine = signInMachine.provide({
    actors: {
      loadStartup: fromPromise(async () => ({
        clientId: 'demo-app',
        params: startupParamsSchema.parse({ ...query, ui_locales: 'fr-CA', localeId: 'ja_JP' }),
        paramsIssue: undefined,
        brandConfig: brandConfigFixture('1210'),
        locales,
      })),
      lookupLoginInfo: fromPromise(async () => ({ brandId: '1210', loginType: 'password' as const })),
      listSessions: fromPromise(async () => []),
    } as never,
    actions: {
      showLocaleOutside: ({ context }) => void outside.push(context.search),
      loadFingerprintScript: () => {},
      persistSignIn: () => {},
    },
  });
  const actor = createActor(machine, { input: { search, hash: '', stored: {} } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ identifying: 'enterCredential' }));
  return { actor, outside };
}

describe('choosing a locale (docs/i18n.md "The language selector")', () => {
  it('switches in place on the password page: the step, the credential and the back stack stay', async () => {
    const { actor, outside } = await onCredentialPage();
    expect(effectiveLocale(actor.getSnapshot().context)).toBe('fr_FR');
    actor.send({ type: 'user.submitCredential', credential: 'ada@example.com' });
    await waitFor(actor, (snapshot) => snapshot.matches({ authenticating: 'enterPassword' }));
    const before = actor.getSnapshot();

    actor.send({ type: 'user.chooseLocale', localeId: 'de_DE' });
    const after = actor.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(routeOf(after)?.name).toBe('enterPassword');
    expect(routeOf(after)).toEqual(routeOf(before));
    expect(after.context.credentialText).toBe('ada@example.com');
    expect(after.context.credential).toEqual(before.context.credential);
    expect(after.context.backStack).toEqual(before.context.backStack);
    // The choice outranks the address's ui_locales and localeId, and the query says so for a reload.
    expect(effectiveLocale(after.context)).toBe('de_DE');
    const next = new URLSearchParams(after.context.search);
    expect([next.get('localeId'), next.has('ui_locales'), next.get('clientId')]).toEqual([
      'de_DE',
      false,
      'demo-app',
    ]);
    expect(outside).toEqual([after.context.search]);
  });

  it('switches on the credential page without leaving it', async () => {
    const { actor } = await onCredentialPage();
    actor.send({ type: 'user.chooseLocale', localeId: 'ja_JP' });
    expect(actor.getSnapshot().matches({ identifying: 'enterCredential' })).toBe(true);
    expect(effectiveLocale(actor.getSnapshot().context)).toBe('ja_JP');
  });
});

describe('a flow running in a machine of its own (two-factor, account)', () => {
  it('is told the chosen locale, so what it sends from then on is worded in it', async () => {
    const told: string[] = [];
    const flow = createMachine({
      types: {} as { events: { type: 'user.chooseLocale'; localeId: string } },
      on: { 'user.chooseLocale': { actions: ({ event }) => void told.push(event.localeId) } },
    });
    const machine = signInMachine.provide({
      actors: {
        loadStartup: fromPromise(async () => ({
          clientId: 'demo-app',
          params: startupParamsSchema.parse(query),
          paramsIssue: undefined,
          brandConfig: brandConfigFixture('1210'),
          locales,
        })),
        listSessions: fromPromise(async () => []),
        verifySecondFactor: flow,
      } as never,
      actions: { showLocaleOutside: () => {}, persistSignIn: () => {} },
    });
    // A reload on a two-factor page of a signed-in tab resumes the flow.
    const stored = { authenticated: true, sessionId: 's1' };
    const actor = createActor(machine, { input: { search, hash: '#/twoFactor/options', stored } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('verifying'));
    actor.send({ type: 'user.chooseLocale', localeId: 'de_DE' });
    expect(told).toEqual(['de_DE']);
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    expect(effectiveLocale(actor.getSnapshot().context)).toBe('de_DE');
  });
});

describe('searchWithLocale', () => {
  it('names the locale and drops ui_locales, keeping the rest of the query', () => {
    expect(searchWithLocale('?clientId=a&ui_locales=fr&localeId=ja_JP&x=1', 'de_DE')).toBe(
      '?clientId=a&localeId=de_DE&x=1',
    );
    expect(searchWithLocale('', 'fr_FR')).toBe('?localeId=fr_FR');
  });
});

describe('showLocaleOutside', () => {
  it('puts the choice in the address and keeps the route in the hash', async () => {
    history.replaceState(
      null,
      '',
      '/?clientId=demo-app&ui_locales=fr#/enterPassword/email/ada%40example.com',
    );
    await showLocaleOutside({
      clientId: 'demo-app',
      brandConfig: undefined,
      search: '?clientId=demo-app&localeId=de_DE',
      locales: undefined,
      localeRequest: { uiLocales: [], localeId: 'de_DE', browserLanguages: [] },
    });
    expect(location.search).toBe('?clientId=demo-app&localeId=de_DE');
    expect(location.hash).toBe('#/enterPassword/email/ada%40example.com');
    history.replaceState(null, '', '/');
  });
});
