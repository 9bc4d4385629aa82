import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { ApiError } from '../api/errors.ts';
import { brandConfigFixture, localesFixture } from '../test/fixtures/api.ts';
import { adaSession, graceSession } from '../test/fixtures/sessions.ts';
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
async function startWith(
  query: Record<string, string>,
  sessions: unknown[] | Error = [],
  remembered: { loginId: string; displayName: string; brandId: string }[] = [],
): Promise<SignInSnapshot> {
  const parsed = startupParamsSchema.safeParse({ ...app, ...query });
  const never = fromPromise(() => new Promise<never>(() => {}));
  const machine = signInMachine.provide({
    actors: {
      loadStartup: fromPromise(async () => ({
        clientId: app.clientId,
        params: parsed.success ? parsed.data : undefined,
        paramsIssue: parsed.success ? undefined : 'invalid',
        brandConfig: brandConfigFixture('1210'),
        locales: localesFixture,
      })),
      // Whatever start-up moves on to waits here, so the first screen is what the test sees.
      lookupLoginInfo: never,
      loadAppPermissions: never,
      requestCode: never,
      collectFingerprint: never,
      listSessions: fromPromise(async () => {
        if (sessions instanceof Error) throw sessions;
        return sessions;
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { search: '', hash: '', stored: {}, remembered } }).start();
  return waitFor(actor, (snapshot) => !snapshot.matches('booting') && !snapshot.matches('checkingSession'));
}

describe('start-up parameters → the first screen (spec §2, §4)', () => {
  it.each([
    ['force shows the credential page', { force: 'true' }, 'identifying.enterCredential'],
    ['prompt=login is a force too', { prompt: 'login' }, 'identifying.enterCredential'],
    ['without force or a session, the credential page', {}, 'identifying.enterCredential'],
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

describe('start-up without force: the accounts signed in here decide (spec §4 Start)', () => {
  const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' };
  it.each([
    ['one session: consent is loaded for it', {}, [adaSession], [], 'authorising.loadingConsent'],
    [
      'one session with hide_consent: the code at once',
      { ui_options: 'hide_consent' },
      [adaSession],
      [],
      'authorising.requestingCode',
    ],
    ['several sessions: the picker', {}, [adaSession, graceSession], [], 'picker.showingAccounts'],
    [
      'several sessions, login_hint names one: it continues',
      { login_hint: 'grace@example.co.uk' },
      [adaSession, graceSession],
      [],
      'authorising.loadingConsent',
    ],
    [
      'login_hint of an account not signed in: the credential page',
      { login_hint: 'bob@example.com' },
      [adaSession],
      [],
      'identifying.enterCredential',
    ],
    ['no session, remembered accounts: the picker', {}, [], [ada], 'picker.showingAccounts'],
    [
      'no session, skip_login_id_page + login_hint: its credential check',
      { ui_options: 'skip_login_id_page', login_hint: 'ada@example.com' },
      [],
      [ada],
      'identifying.checkingCredential',
    ],
    [
      'a backend that cannot list sessions: the first screen, no error',
      {},
      new ApiError({ code: 'API_ERROR_404', httpStatus: 404 }),
      [],
      'identifying.enterCredential',
    ],
    ['force with remembered accounts: the picker', { force: 'true' }, [], [ada], 'picker.loadingAccounts'],
    [
      'prompt=select_account: the picker',
      { prompt: 'select_account' },
      [adaSession],
      [],
      'picker.loadingAccounts',
    ],
  ] as const)('%s', async (_, query, sessions, remembered, state) => {
    const snapshot = await startWith(query, sessions as unknown[] | Error, [...remembered]);
    const [region, child, grandchild] = state.split('.');
    if (region === 'picker') {
      // The picker is a flow of its own (machines/picker/): it shows the accounts the session check
      // hands it, or lists them itself first.
      expect(snapshot.value).toEqual({ choosingAccount: 'running' });
      const picker = snapshot.children.picker?.getSnapshot() as { input: { signedInAccounts?: unknown } };
      expect(picker.input.signedInAccounts !== undefined).toBe(child === 'showingAccounts');
      return;
    }
    expect(snapshot.value).toEqual({ [region ?? '']: grandchild ? { [child ?? '']: grandchild } : child });
  });

  it('the session continued with is the one the code request names', async () => {
    const snapshot = await startWith({ login_hint: 'grace@example.co.uk' }, [adaSession, graceSession]);
    expect(snapshot.context).toMatchObject({ authenticated: true, sessionId: graceSession.sessionId });
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
