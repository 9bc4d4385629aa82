import { and, not } from 'xstate';
import type { SignedInAccount } from '../../api/contract/session.ts';
import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import type { PickerOutput } from '../picker/picker.types.ts';
import { arePasskeysUsable, isForcedStart } from '../signIn.context.ts';
import { joinFlow } from './joinFlow.ts';
import { arriveAt, flowOutcome, toCredential, toPassword } from './shared.ts';

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
        target: 'choosingAccount',
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
    // The picker lists the accounts itself unless the session check just did.
    { guard: and(['hasPickerAccounts', not('hasLoginHint')]), target: 'choosingAccount' },
    { guard: 'hasLoginHint', target: 'identifying.enterCredential', actions: 'assignLoginHint' },
    { target: 'identifying.enterCredential' },
  ],
});

const outcome = (name: PickerOutput['outcome']) => flowOutcome<PickerOutput>(name);
type Done = { event: { output: PickerOutput } };
/** The outcome's fields; its guard has checked which outcome it is. */
const outputOf = <Name extends PickerOutput['outcome']>({ event }: Done) =>
  event.output as Extract<PickerOutput, { outcome: Name }>;

const joined = joinFlow({
  id: 'picker',
  src: 'chooseAccount',
  tag: 'screen.selectAccount',
  input: (context) => ({
    rememberedAccounts: context.rememberedAccounts,
    signedInAccounts: context.signedInAccounts,
    forcedStart: isForcedStart(context),
    passkeysUsable: arePasskeysUsable(context),
  }),
  outcomes: [
    // Spec §9 'continue-with start': a remembered account chosen; 'manual': another one typed in.
    {
      guard: outcome('continueSession'),
      target: '#signIn.continuingSession',
      actions: [
        {
          type: 'continueWithChosenSession',
          params: (args: Done) => outputOf<'continueSession'>(args).account,
        },
        continueWithStart,
      ],
    },
    // Not signed in (or a forced start): its password page, after login-info as if it had been typed.
    {
      guard: outcome('chooseAccount'),
      target: '#signIn.choosingAccount.chosen',
      actions: [{ type: 'assignChosenAccount', params: outputOf<'chooseAccount'> }, continueWithStart],
    },
    {
      guard: outcome('useAnother'),
      target: '#signIn.identifying.enterCredential',
      actions: ['clearCredential', { type: 'track', params: { name: 'manual' } }],
    },
    { guard: outcome('signedOut'), target: '#signIn.signedOut', actions: 'clearCredential' },
    // A row that signed in with a passkey here offers it; a signed-in row lists its passkeys.
    {
      guard: outcome('signInWithPasskey'),
      target: '#signIn.identifying.requestingPasskey',
      actions: { type: 'assignPasskeyLoginId', params: outputOf<'signInWithPasskey'> },
    },
    {
      guard: outcome('managePasskeys'),
      target: '#signIn.offeringPasskey',
      actions: {
        type: 'assignPasskeysEntry',
        params: (args: Done) => ({
          kind: 'manage' as const,
          sessionId: outputOf<'managePasskeys'>(args).sessionId,
        }),
      },
    },
    // The last row forgotten or signed out: nothing left to choose from.
    { target: '#signIn.identifying.enterCredential' },
  ],
});

/**
 * Spec §2 /selectAccount: continue as a remembered or signed-in account, use another, forget, sign out.
 * The picker is a flow of its own (machines/picker/), loaded when it is the page to show or when the
 * browser is idle; it tells this machine its lists whenever they change, and its outcome says where to.
 */
const choosingAccount = setup.createStateConfig({
  ...joined,
  entry: arriveAt('selectAccount'),
  initial: 'running',
  states: {
    running: {},
    chosen: {
      always: [
        { guard: 'hasFingerprinting', target: '#signIn.identifying.collectingFingerprint' },
        { target: '#signIn.identifying.checkingCredential' },
      ],
    },
  },
  on: {
    ...joined.on,
    // The picker is its own route: only the credential and password pages' lead away from it.
    'route.changed': [toCredential, toPassword],
    // Told with an error only when a listing or sign-out failed; without one there is nothing to note
    // (an absent error read as a failure once raised "No internet connection" on every picker page).
    'picker.accounts': [
      {
        guard: 'hasPickerFailure',
        actions: [
          'assignPickerAccounts',
          { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
        ],
      },
      { actions: 'assignPickerAccounts' },
    ],
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
