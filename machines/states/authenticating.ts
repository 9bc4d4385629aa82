import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import { toPasskeyRequest } from './passkeySignIn.ts';
import { arriveAt, brandInput, cancel, requireValue, toConsent, toCredential, toPicker } from './shared.ts';
import { singleSignOnStates, toSsoLogin } from './singleSignOn.ts';

const back = [
  { guard: 'hasBackStack', actions: 'raiseBackRoute' },
  { target: '#signIn.identifying.enterCredential' },
] as const;
/** "Email me a sign-in link": the account flow's express link for this credential (docs/passwords.md). */
const expressLink = {
  target: '#signIn.managingAccount',
  actions: ['assignExpressLinkEntry', { type: 'track', params: { name: 'expressLink' } }],
} as const;
const toLoginOption = {
  guard: 'isRouteToLoginOption',
  target: '#signIn.authenticating.chooseLoginOption',
} as const;

/** The password page and the login call (spec §4, §8 account states). */
export const authenticating = signInPasskeysSetup.createStateConfig({
  on: {
    'route.changed': [toCredential, toConsent, toSsoLogin, toPicker, toLoginOption],
    'user.cancel': cancel,
  },
  initial: 'enterPassword',
  states: {
    // After the credential check: more than one way to sign in (docs/notices.md) asks which first.
    afterCredential: {
      always: [{ guard: 'hasLoginChoice', target: 'chooseLoginOption' }, { target: 'enterPassword' }],
    },
    /**
     * The login option page (spec §2 page family; docs/notices.md): the account signs in with its
     * password, through single sign-on (the email as the provider's hint) or with an emailed link.
     */
    chooseLoginOption: {
      tags: ['screen.loginOption'],
      entry: [...arriveAt('loginOption'), { type: 'track', params: { name: 'option' } }],
      on: {
        'user.choosePassword': 'enterPassword',
        'user.chooseSso': {
          target: 'leavingForIdentityProvider',
          actions: [
            { type: 'assignEntrance', params: { entrance: 'sso' } },
            { type: 'track', params: { name: 'sso' } },
          ],
        },
        'user.requestExpressLink': expressLink,
        'user.back': back,
      },
    },
    enterPassword: {
      tags: ['screen.enterPassword'],
      entry: arriveAt('enterPassword'),
      on: {
        'user.submitPassword': [
          {
            guard: 'hasPassword',
            target: 'verifyingPassword',
            actions: ['clearFieldError', { type: 'track', params: { name: 'withPassword' } }],
          },
          { actions: 'assignEmptyPasswordError' },
        ],
        'user.back': back,
        'user.forgotPassword': {
          target: '#signIn.managingAccount',
          actions: ['assignRecoveryEntry', { type: 'track', params: { name: 'forgotPassword' } }],
        },
        'user.requestExpressLink': expressLink,
        // The account has a passkey (login-info says so): it may sign in with it instead.
        'user.signInWithPasskey': toPasskeyRequest,
      },
    },
    ...singleSignOnStates,
    verifyingPassword: {
      tags: ['screen.enterPassword', 'busy'],
      invoke: {
        id: 'verifyPassword',
        src: 'verifyPassword',
        // The password travels in the submit event straight to the call; it never enters the context.
        input: ({ context, event }) => ({
          ...brandInput({ context }),
          credential: requireValue(context.credential, 'credential'),
          password: event.type === 'user.submitPassword' ? event.password : '',
          rememberMe: context.rememberMe,
        }),
        onDone: [
          {
            // The administrator flagged the account, or its password is temporary (docs/passwords.md).
            guard: { type: 'hasPasswordChange', params: ({ event }) => event.output },
            target: '#signIn.managingAccount',
            actions: [
              { type: 'markAuthenticated', params: ({ event }) => event.output },
              'persistSignIn',
              'rememberCredential',
              { type: 'track', params: { name: 'passwordVerified' } },
              { type: 'assignPasswordChangeEntry', params: ({ event }) => event.output },
            ],
          },
          {
            // The offer to create a passkey comes first (docs/passkeys.md); it then goes on as below.
            guard: 'canUsePasskeys',
            target: '#signIn.offeringPasskey',
            actions: [
              { type: 'markAuthenticated', params: ({ event }) => event.output },
              'persistSignIn',
              'rememberCredential',
              { type: 'track', params: { name: 'passwordVerified' } },
              { type: 'assignPasskeysEntry', params: { kind: 'offer' } },
            ],
          },
          {
            guard: 'isConsentHidden',
            target: '#signIn.authorising.requestingCode',
            actions: [
              { type: 'markAuthenticated', params: ({ event }) => event.output },
              'persistSignIn',
              'rememberCredential',
              { type: 'track', params: { name: 'passwordVerified' } },
            ],
          },
          {
            target: '#signIn.authorising.loadingConsent',
            actions: [
              { type: 'markAuthenticated', params: ({ event }) => event.output },
              'persistSignIn',
              'rememberCredential',
              { type: 'track', params: { name: 'passwordVerified' } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isAccountStateError', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.managingAccount',
            actions: { type: 'assignLoginErrorEntry', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isPageFailure', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.failed.error',
            actions: { type: 'assignSignInPageFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'enterPassword',
            actions: [
              { type: 'assignSignInError', params: ({ event }) => ({ error: event.error }) },
              { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});
