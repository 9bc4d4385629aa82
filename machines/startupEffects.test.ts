import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { brandConfigFixture, localesFixture } from '../test/fixtures/api.ts';
import { layoutFor } from '../views/device.ts';
import {
  type SignInSnapshot,
  selectHideLogo,
  selectHideTos,
  selectRememberMe,
  selectScreen,
  selectShowBackToApp,
  selectTitleBar,
} from './selectors.ts';
import { signInMachine } from './signIn.machine.ts';

const app = { clientId: 'demo-app', appUrlScheme: 'https://app.example/cb', state: 's1' };

/** The machine after start-up for an address, with the network's answers stood in for. */
async function startWith(query: Record<string, string>): Promise<SignInSnapshot> {
  const parsed = startupParamsSchema.safeParse({ ...app, ...query });
  const never = fromPromise(() => new Promise<never>(() => {}));
  const machine = signInMachine.provide({
    actors: {
      loadStartup: fromPromise(async () => ({
        clientId: app.clientId,
        params: parsed.success ? parsed.data : undefined,
        paramsIssue: parsed.success ? undefined : 'invalid',
        brandConfig: brandConfigFixture('1210'),
        brandDetails: undefined,
        locales: localesFixture,
      })),
      // Whatever start-up moves on to waits here, so the first screen is what the test sees.
      lookupLoginInfo: never,
      loadAppPermissions: never,
      requestCode: never,
      collectFingerprint: never,
    } as never,
  });
  const actor = createActor(machine, { input: { search: '', hash: '', stored: {} } }).start();
  return waitFor(actor, (snapshot) => !snapshot.matches('booting'));
}

describe('start-up parameters → the first screen (spec §2, §4)', () => {
  it.each([
    ['force shows the credential page', { force: 'true' }, 'identifying.enterCredential'],
    ['prompt=login is a force too', { prompt: 'login' }, 'identifying.enterCredential'],
    ['without force, consent is loaded', {}, 'authorising.loadingConsent'],
    ['hide_consent asks for the code at once', { ui_options: 'hide_consent' }, 'authorising.requestingCode'],
    [
      'skip_login_id_page with a login_hint goes straight to the credential check',
      { force: 'true', ui_options: 'skip_login_id_page', login_hint: 'ada@example.com' },
      'identifying.checkingCredential',
    ],
    [
      'skip_login_id_page without a usable login_hint shows the credential page',
      { force: 'true', ui_options: 'skip_login_id_page', login_hint: '12' },
      'identifying.enterCredential',
    ],
    ['an errorCode shows its error page', { force: 'true', errorCode: 'API_ERROR_213' }, 'failed.error'],
    ['a bad value shows the invalid-parameters page', { force: 'maybe' }, 'failed.error'],
  ])('%s', async (_, query, state) => {
    const snapshot = await startWith(query);
    const [region, child] = state.split('.');
    expect(snapshot.value).toEqual({ [region ?? '']: child });
  });
});

describe('start-up parameters → what the page shows (spec §2)', () => {
  it.each([
    ['hide_logo', { ui_options: 'hide_logo' }, selectHideLogo, true],
    ['no hide_logo', {}, selectHideLogo, false],
    ['hide_tos', { ui_options: 'hide_tos' }, selectHideTos, true],
    ['title_bar', { title_bar: 'true' }, selectTitleBar, true],
    ['no title_bar', {}, selectTitleBar, false],
    ['show_back_to_app', { ui_options: 'show_back_to_app' }, selectShowBackToApp, true],
    ['remember me by default', {}, selectRememberMe, { shown: true, checked: false }],
    ['remember_me_on', { ui_options: 'remember_me_on' }, selectRememberMe, { shown: true, checked: true }],
    [
      'hide_remember_me',
      { ui_options: 'hide_remember_me' },
      selectRememberMe,
      { shown: false, checked: false },
    ],
    ['the error page for errorCode', { errorCode: 'API_ERROR_208' }, selectScreen, 'error'],
  ] as const)('%s', async (_, query, select, expected) => {
    const snapshot = await startWith({ force: 'true', ...query });
    expect(select(snapshot)).toEqual(expected);
  });

  it.each([
    ['display=touch on a desktop browser', 'touch', 'Mozilla/5.0 (X11; Linux x86_64)', 'mobile'],
    ['display=mobile', 'mobile', 'Mozilla/5.0 (X11; Linux x86_64)', 'mobile'],
    [
      'a phone without display',
      undefined,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      'mobile',
    ],
    ['a desktop without display', undefined, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'desktop'],
  ])('%s → %s layout', (_, display, userAgent, layout) => {
    expect(layoutFor(userAgent, display)).toBe(layout);
  });
});
