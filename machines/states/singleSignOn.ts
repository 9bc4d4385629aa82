import { and } from 'xstate';
import { signInSsoSetup } from '../sso.setup.ts';
import { arriveAt, requireValue } from './shared.ts';

/** Spec §2/§6 alternative sign-in from the credential page: SSO (Kerberos skips the email), Google, Apple. */
export const chooseSso = [
  {
    guard: and(['isSsoOffered', 'isKerberos']),
    target: '#signIn.authenticating.leavingForIdentityProvider',
    actions: [
      { type: 'assignEntrance', params: { entrance: 'sso' } },
      { type: 'track', params: { name: 'sso' } },
    ],
  },
  {
    guard: 'isSsoOffered',
    target: '#signIn.authenticating.ssoLogin',
    actions: { type: 'track', params: { name: 'sso' } },
  },
] as const;

export const chooseIdentityProvider = [
  {
    guard: and(['isProviderOffered', 'isPopupProvider']),
    target: '#signIn.authenticating.awaitingIdentityPopup',
    actions: ['assignChosenEntrance', 'trackEntrance'],
  },
  {
    guard: 'isProviderOffered',
    target: '#signIn.authenticating.leavingForIdentityProvider',
    actions: ['assignChosenEntrance', 'trackEntrance'],
  },
] as const;

export const toSsoLogin = { guard: 'isRouteToSsoLogin', target: '#signIn.authenticating.ssoLogin' } as const;

/** Signed in at the identity provider in the popup: on to consent, as after a password. */
const signedInFromPopup = [{ type: 'markAuthenticated', params: {} }, 'persistSignIn'] as const;

/** States of the authenticating region for single sign-on and the identity providers (spec §7). */
export const singleSignOnStates = {
  ssoLogin: signInSsoSetup.createStateConfig({
    tags: ['screen.ssoLogin'],
    entry: arriveAt('ssoLogin'),
    on: {
      'user.submitSsoEmail': [
        { guard: 'hasValidSsoEmail', target: 'checkingSso', actions: 'assignSsoEmail' },
        { actions: 'assignSsoEmailError' },
      ],
      'user.back': [
        { guard: 'hasBackStack', actions: 'raiseBackRoute' },
        { target: '#signIn.identifying.enterCredential' },
      ],
    },
  }),
  checkingSso: signInSsoSetup.createStateConfig({
    tags: ['screen.ssoLogin', 'busy'],
    invoke: {
      id: 'checkSsoAvailability',
      src: 'checkSsoAvailability',
      input: ({ context }) => ({
        clientId: context.clientId,
        email: requireValue(context.credential, 'credential').loginId,
      }),
      onDone: [
        {
          guard: { type: 'isSsoAvailable', params: ({ event }) => ({ available: event.output }) },
          target: 'leavingForIdentityProvider',
          actions: { type: 'assignEntrance', params: { entrance: 'sso' } },
        },
        { target: 'ssoLogin', actions: 'assignSsoUnavailableError' },
      ],
      onError: {
        target: 'ssoLogin',
        actions: [
          { type: 'assignSignInError', params: ({ event }) => ({ error: event.error }) },
          { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
        ],
      },
    },
  }),
  // The page leaves for the server's start of the flow; the provider returns to a new start-up.
  leavingForIdentityProvider: signInSsoSetup.createStateConfig({
    tags: ['screen.progress', 'busy'],
    entry: 'openIdentityProvider',
  }),
  awaitingIdentityPopup: signInSsoSetup.createStateConfig({
    tags: ['screen.progress', 'busy'],
    invoke: {
      id: 'watchIdentityPopup',
      src: 'watchIdentityPopup',
      // Where the popup starts is worked out in the calls' chunk (machines/identityProvider.ts).
      input: ({ context }) => context,
      onDone: [
        {
          guard: {
            type: 'isPopupSignedInWithoutConsent',
            params: ({ event }) => ({ outcome: event.output }),
          },
          target: '#signIn.authorising.requestingCode',
          actions: signedInFromPopup,
        },
        {
          guard: { type: 'isPopupSignedIn', params: ({ event }) => ({ outcome: event.output }) },
          target: '#signIn.authorising.loadingConsent',
          actions: signedInFromPopup,
        },
        {
          guard: { type: 'isPopupBlocked', params: ({ event }) => ({ outcome: event.output }) },
          target: '#signIn.identifying.enterCredential',
          actions: 'assignPopupBlockedError',
        },
        { target: '#signIn.identifying.enterCredential' },
      ],
    },
  }),
};
