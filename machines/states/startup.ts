import { and, or } from 'xstate';
import { signInFlowsSetup } from '../flows.setup.ts';
import { signInSetup } from '../signIn.setup.ts';

/** Spec §2/§4 start-up: parse the address, load brand and locales, then pick the first screen. */
export const booting = signInSetup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  invoke: {
    id: 'loadStartup',
    src: 'loadStartup',
    input: ({ context }) => ({ search: context.search, localeRequest: context.localeRequest }),
    onDone: {
      target: 'choosingFirstScreen',
      actions: { type: 'assignStartup', params: ({ event }) => event.output },
    },
    onError: {
      target: 'failed.error',
      actions: [
        { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
      ],
    },
  },
});

/** The start-up rules in the spec's order; a reload resumes the screen the address names. */
export const choosingFirstScreen = signInFlowsSetup.createStateConfig({
  always: [
    { guard: 'hasInvalidParams', target: 'failed.error', actions: 'assignParamsFailure' },
    // A retired app's authorisation request (errorCode=216) shows the retired-app notice (docs/notices.md).
    { guard: 'isRetiredAppStart', target: 'acknowledgingNotice', actions: 'assignRetiredAppNotice' },
    { guard: 'hasErrorCodeParam', target: 'failed.error', actions: 'assignErrorCodeParam' },
    { guard: 'isResumingErrorPage', target: 'failed.error', actions: 'assignRouteFailure' },
    { guard: 'isResumingWarningPage', target: 'failed.warning', actions: 'assignRouteFailure' },
    { guard: 'isResumingSsoOutcome', target: 'failed.ssoOutcome' },
    { guard: 'isResumingPassword', target: 'authenticating.enterPassword', actions: 'restoreCredential' },
    // The room activation pages (docs/room-activation.md) start and end a room's sign-in.
    { guard: 'isRoomStart', target: 'activatingRoom', actions: 'assignRoomEntry' },
    // An emailed link or an account page (docs/passwords.md): the account flow resumes it.
    {
      guard: 'isResumingAccount',
      target: 'managingAccount',
      actions: ['restoreStoredSignIn', 'assignResumedAccountEntry'],
    },
    {
      guard: and(['isResumingCodeRequest', 'isConsentHidden']),
      target: 'authorising.requestingCode',
      actions: 'restoreAuthentication',
    },
    {
      guard: 'isResumingCodeRequest',
      target: 'authorising.loadingConsent',
      actions: 'restoreAuthentication',
    },
    { guard: 'isResumingConsent', target: 'authorising.loadingConsent', actions: 'restoreAuthentication' },
    { guard: 'isResumingTwoFactor', target: 'verifying', actions: 'restoreAuthentication' },
    { guard: 'isResumingSsoLogin', target: 'authenticating.ssoLogin', actions: 'restoreCredential' },
    // Spec §2: a login id saved in this tab starts on its password page (login-info first, as typed).
    {
      guard: and(['hasInitialLoginId', 'hasFingerprinting']),
      target: 'identifying.collectingFingerprint',
      actions: ['assignInitialLoginId', 'forgetInitialLoginId'],
    },
    {
      guard: 'hasInitialLoginId',
      target: 'identifying.checkingCredential',
      actions: ['assignInitialLoginId', 'forgetInitialLoginId'],
    },
    // prompt=sso (spec §2): single sign-on first; with Kerberos straight to the identity provider.
    {
      guard: and(['isSsoPrompt', 'isKerberos']),
      target: 'authenticating.leavingForIdentityProvider',
      actions: { type: 'assignEntrance', params: { entrance: 'sso' } },
    },
    { guard: 'isSsoPrompt', target: 'authenticating.ssoLogin' },
    // The signed-out page and the picker reload as themselves (end-session lands on the first).
    { guard: 'isResumingSignedOut', target: 'signedOut' },
    { guard: or(['isResumingPicker', 'isSelectAccountPrompt']), target: 'choosingAccount' },
    // Spec §4 Start: force shows the first screen; otherwise the accounts signed in here decide.
    { guard: 'isForced', target: 'showingFirstScreen' },
    { target: 'checkingSession' },
  ],
});
