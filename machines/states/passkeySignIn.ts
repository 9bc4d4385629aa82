import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import { arePasskeysUsable } from '../signIn.context.ts';
import type { SignInContext } from '../signIn.types.ts';
import { brandInput } from './shared.ts';

type ErrorEvent = { event: { error: unknown } };
type LoginOutput = {
  sessionId?: string | undefined;
  displayName?: string | undefined;
  passwordChange?: 'enforced' | 'oneTime' | undefined;
  loginId?: string | undefined;
};
/** The login reply; empty for a bare completion event, as the model-test graph sends. */
const loginOf = ({ event }: { event: object }): LoginOutput =>
  (event as { output?: LoginOutput }).output ?? {};
const errorOf = ({ event }: ErrorEvent) => ({ error: event.error });
const signedIn = [
  { type: 'markAuthenticated', params: loginOf },
  { type: 'assignPasskeyLogin', params: loginOf },
  'persistSignIn',
] as const;

/**
 * A passkey signed the account in (docs/passkeys.md). A passkey is both factors, so the sign-in goes on
 * exactly as after a password and its second factor: a password change the administrator requires,
 * the consent page unless hidden, then the code request and its gates.
 */
const toSignedIn = [
  {
    guard: { type: 'hasPasswordChange', params: loginOf },
    target: '#signIn.managingAccount',
    actions: [...signedIn, { type: 'assignPasswordChangeEntry', params: loginOf }],
  },
  {
    guard: 'isConsentHidden',
    target: '#signIn.authorising.requestingCode',
    actions: [...signedIn, 'rememberCredential', 'rememberPasskey'],
  },
  {
    target: '#signIn.authorising.loadingConsent',
    actions: [...signedIn, 'rememberCredential', 'rememberPasskey'],
  },
] as const;

/** A refusal, the browser's or the server's: the credential page says why, and the password still works. */
const toRefusal = [
  {
    guard: { type: 'isAccountStateError', params: errorOf },
    target: '#signIn.managingAccount',
    actions: { type: 'assignLoginErrorEntry', params: errorOf },
  },
  {
    guard: { type: 'isPageFailure', params: errorOf },
    target: '#signIn.failed.error',
    actions: { type: 'assignSignInPageFailure', params: errorOf },
  },
  {
    target: '#signIn.identifying.enterCredential',
    actions: [
      { type: 'assignSignInError', params: errorOf },
      { type: 'noteNetworkFailure', params: errorOf },
    ],
  },
] as const;

const passkeyInput = (context: SignInContext) => ({
  ...brandInput({ context }),
  rememberMe: context.rememberMe,
  enabled: arePasskeysUsable(context),
});

/** The credential page's autofill: a conditional request that waits for the person's pick. */
export const passkeyAutofill = {
  id: 'awaitPasskeyAutofill',
  src: 'signInWithPasskey',
  input: ({ context }: { context: SignInContext }) => ({ ...passkeyInput(context), autofill: true }),
  onDone: toSignedIn,
  onError: toRefusal,
} as const;

/** The transition the credential and password pages' buttons take: a modal request for a passkey. */
export const toPasskeyRequest = {
  guard: 'canUsePasskeys',
  target: '#signIn.identifying.requestingPasskey',
  actions: {
    type: 'assignPasskeyLoginId',
    params: ({ event }: { event: { loginId?: string | undefined } }) => event,
  },
} as const;

export const requestingPasskey = signInPasskeysSetup.createStateConfig({
  tags: ['screen.enterCredential', 'busy'],
  invoke: {
    id: 'requestPasskey',
    src: 'signInWithPasskey',
    input: ({ context }) => ({ ...passkeyInput(context), loginId: context.passkeyLoginId }),
    onDone: toSignedIn,
    onError: toRefusal,
  },
});
