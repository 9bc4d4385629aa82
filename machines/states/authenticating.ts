import { signInFlowsSetup } from '../flows.setup.ts';
import { arriveAt, brandInput, cancel, requireValue, toConsent, toCredential, toPicker } from './shared.ts';
import { singleSignOnStates, toSsoLogin } from './singleSignOn.ts';

/** The password page and the login call (spec §4, §8 account states). */
export const authenticating = signInFlowsSetup.createStateConfig({
  on: { 'route.changed': [toCredential, toConsent, toSsoLogin, toPicker], 'user.cancel': cancel },
  initial: 'enterPassword',
  states: {
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
        'user.back': [
          { guard: 'hasBackStack', actions: 'raiseBackRoute' },
          { target: '#signIn.identifying.enterCredential' },
        ],
        'user.forgotPassword': {
          target: '#signIn.managingAccount',
          actions: ['assignRecoveryEntry', { type: 'track', params: { name: 'forgotPassword' } }],
        },
        'user.requestExpressLink': {
          target: '#signIn.managingAccount',
          actions: ['assignExpressLinkEntry', { type: 'track', params: { name: 'expressLink' } }],
        },
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
