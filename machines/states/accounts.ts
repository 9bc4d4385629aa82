import { and, not } from 'xstate';
import type { SignedInAccount } from '../../api/contract/session.ts';
import { sessionToEnd } from '../accounts.setup.ts';
import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import { toPasskeyRequest } from './passkeySignIn.ts';
import { arriveAt, cancel, toCredential, toPassword } from './shared.ts';

const setup = signInPasskeysSetup;
/** The accounts a listing or sign-out answered with (parsed by the contract; an absent one is none). */
const accountsOf = ({ event }: { event: { output: unknown } }) => ({
  accounts: Array.isArray(event.output) ? (event.output as SignedInAccount[]) : [],
});
const CONTINUE = ['requestCode', 'consent'] as const;
const PICKER = ['picker'] as const;
const continueWithStart = { type: 'track', params: { name: 'continueWithStart' } } as const;
const networkFailure = [
  { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  {
    type: 'noteNetworkFailure',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
] as const;

/**
 * Spec §4 Start without force: ask which accounts are signed in here. One (or the one login_hint
 * names) continues to the code request; several open the picker; none shows the first screen, never
 * an error page: a person without a session simply has not signed in yet.
 */
const checkingSession = setup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  invoke: {
    id: 'listSessions',
    src: 'listSessions',
    input: ({ context }) => ({ clientId: context.clientId }),
    onDone: [
      {
        guard: { type: 'isSessionStart', params: (args) => ({ ...accountsOf(args), steps: CONTINUE }) },
        target: 'continuingSession',
        actions: [
          { type: 'assignSignedInAccounts', params: accountsOf },
          { type: 'continueWithSession', params: accountsOf },
        ],
      },
      {
        guard: { type: 'isSessionStart', params: (args) => ({ ...accountsOf(args), steps: PICKER }) },
        target: 'choosingAccount.showingAccounts',
        actions: { type: 'assignSignedInAccounts', params: accountsOf },
      },
      // None signed in, or login_hint names one that is not: the first screen (for that account).
      { target: 'showingFirstScreen', actions: { type: 'assignSignedInAccounts', params: accountsOf } },
    ],
    onError: [
      {
        guard: { type: 'isConnectionFailure', params: ({ event }) => ({ error: event.error }) },
        target: 'failed.error',
        actions: networkFailure,
      },
      // A backend that cannot say is treated as "no session": the first screen, as the spec's rules decide.
      { target: 'showingFirstScreen' },
    ],
  },
});

/** Spec §4 Start with a live session: the code at once with hide_consent, otherwise consent. */
const continuingSession = setup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  always: [
    { guard: 'isConsentHidden', target: 'authorising.requestingCode', actions: 'persistSignIn' },
    { target: 'authorising.loadingConsent', actions: 'persistSignIn' },
  ],
});

/**
 * Spec §2 first screen: the password page with skip_login_id_page and a login_hint; the picker when
 * this browser has accounts to offer and no hint names one; otherwise the credential page (prefilled
 * with the hint when there is one). docs/sessions.md, "When the picker is the first screen".
 */
const showingFirstScreen = setup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  always: [
    {
      guard: and(['isSkippingLoginIdPage', 'hasFingerprinting']),
      target: 'identifying.collectingFingerprint',
      actions: 'assignLoginHint',
    },
    { guard: 'isSkippingLoginIdPage', target: 'identifying.checkingCredential', actions: 'assignLoginHint' },
    {
      guard: and(['hasPickerAccounts', not('hasLoginHint'), 'hasSignedInAccountsLoaded']),
      target: 'choosingAccount.showingAccounts',
    },
    { guard: and(['hasPickerAccounts', not('hasLoginHint')]), target: 'choosingAccount' },
    { guard: 'hasLoginHint', target: 'identifying.enterCredential', actions: 'assignLoginHint' },
    { target: 'identifying.enterCredential' },
  ],
});

/** Spec §2 /selectAccount: continue as a remembered or signed-in account, use another, forget, sign out. */
const choosingAccount = setup.createStateConfig({
  initial: 'loadingAccounts',
  on: { 'route.changed': [toCredential, toPassword], 'user.cancel': cancel },
  states: {
    loadingAccounts: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'listAccountSessions',
        src: 'listSessions',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: {
          target: 'showingAccounts',
          actions: { type: 'assignSignedInAccounts', params: accountsOf },
        },
        // Without the list the remembered accounts still show, none marked signed in.
        onError: {
          target: 'showingAccounts',
          actions: [
            { type: 'assignSignedInAccounts', params: { accounts: [] } },
            { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    showingAccounts: {
      tags: ['screen.selectAccount'],
      entry: arriveAt('selectAccount'),
      // The last row forgotten or signed out: nothing left to choose from.
      always: { guard: 'hasNoPickerAccounts', target: '#signIn.identifying.enterCredential' },
      on: {
        // Spec §9 'continue-with start': a remembered account chosen; 'manual': another one typed in.
        'user.chooseAccount': [
          {
            guard: 'isChosenAccountSignedIn',
            target: '#signIn.continuingSession',
            actions: ['continueWithChosenSession', continueWithStart],
          },
          {
            guard: and(['isChosenAccountKnown', 'hasFingerprinting']),
            target: '#signIn.identifying.collectingFingerprint',
            actions: ['assignChosenAccount', continueWithStart],
          },
          {
            guard: 'isChosenAccountKnown',
            target: '#signIn.identifying.checkingCredential',
            actions: ['assignChosenAccount', continueWithStart],
          },
        ],
        'user.useAnotherAccount': {
          target: '#signIn.identifying.enterCredential',
          actions: ['clearCredential', { type: 'track', params: { name: 'manual' } }],
        },
        'user.forgetAccount': [
          // Removing a signed-in account from this browser signs it out too, or it would come back.
          {
            guard: 'isSignedInRow',
            target: 'signingOut',
            actions: ['forgetAccount', 'assignSigningOutNotice'],
          },
          { actions: 'forgetAccount' },
        ],
        'user.signOut': { guard: 'isSignedInRow', target: 'signingOut', actions: 'assignSigningOutNotice' },
        'user.signOutAll': { target: 'signingOutAll', actions: 'clearAccountNotice' },
        // Also in every other browser, and the apps' tokens revoked (docs/sessions.md).
        'user.signOutEverywhere': { target: 'signingOutAll', actions: 'clearAccountNotice' },
        // A row that signed in with a passkey here offers it; a signed-in row lists its passkeys.
        'user.signInWithPasskey': toPasskeyRequest,
        'user.managePasskeys': [
          {
            guard: 'canUsePasskeys',
            target: '#signIn.offeringPasskey',
            actions: [
              'clearAccountNotice',
              {
                type: 'assignPasskeysEntry',
                params: ({ event }) => ({ kind: 'manage', sessionId: event.sessionId }),
              },
            ],
          },
        ],
      },
    },
    signingOut: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context, event }) => ({
          clientId: context.clientId,
          sessionId: sessionToEnd(context, event),
        }),
        onDone: {
          target: 'showingAccounts',
          actions: [{ type: 'assignSignedInAccounts', params: accountsOf }, 'assignSignedOutNotice'],
        },
        onError: {
          target: 'showingAccounts',
          actions: [
            'assignSignOutFailure',
            { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    signingOutAll: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'signOutAll',
        src: 'signOut',
        input: ({ context, event }) => ({
          clientId: context.clientId,
          everywhere: event.type === 'user.signOutEverywhere',
        }),
        onDone: {
          target: '#signIn.signedOut',
          actions: [{ type: 'assignSignedInAccounts', params: accountsOf }, 'clearCredential'],
        },
        onError: {
          target: 'showingAccounts',
          actions: [
            'assignSignOutFailure',
            { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

/** The signed-out page ("successful logout screen", spec §2): sign in again when an app is waiting. */
const signedOut = setup.createStateConfig({
  tags: ['screen.signedOut'],
  entry: arriveAt('signedOut'),
  on: { 'user.restart': { guard: 'hasApp', target: 'showingFirstScreen', actions: 'resetSignIn' } },
});

export const accountStates = {
  checkingSession,
  continuingSession,
  showingFirstScreen,
  choosingAccount,
  signedOut,
};
