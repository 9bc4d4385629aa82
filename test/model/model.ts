import type { AnyMachineSnapshot } from 'xstate';
import { pickerAccounts } from '../../machines/picker/pickerRows.ts';
import type { SignInContext, SignInInput } from '../../machines/signIn.setup.ts';

const storedAda = {
  credential: { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' },
  credentialText: 'ada@example.com',
  authenticated: true,
} as const;

// Ada signed in with a passkey here before: her picker row offers it (docs/passkeys.md).
const rememberedAda = {
  loginId: 'ada@example.com',
  displayName: 'Ada Quill',
  brandId: '1210',
  passkey: true,
};

/** Start-up inputs: a fresh tab, and reloads on the password, consent, error and warning pages. */
const startups: SignInInput[] = [
  { search: '', hash: '', stored: {} },
  { search: '', hash: '#/enterPassword/email/ada%40example.com', stored: storedAda },
  { search: '', hash: '#/consent', stored: storedAda },
  // A reload on an error or warning page (including the reload after a session expired) resumes it.
  { search: '', hash: '#/error/INVALID_SESSION_TOKEN', stored: {} },
  { search: '', hash: '#/warning/221', stored: {} },
  // After a session expired: the reload lands on its error page with the login id saved (spec §2).
  { search: '', hash: '#/error/INVALID_SESSION_TOKEN', stored: { initialLoginId: 'ada@example.com' } },
  // A reload on the SSO page (kept when the brand offers single sign-on).
  { search: '', hash: '#/ssoLogin', stored: storedAda },
  // A saved login id on a fresh start goes straight to its password page.
  { search: '', hash: '', stored: { initialLoginId: 'ada@example.com' } },
  // A browser that remembers an account: the picker (spec §2 /selectAccount).
  { search: '', hash: '', stored: {}, remembered: [rememberedAda] },
  // A reload on the signed-out page (where the end-session endpoint lands). A reload on the picker
  // shares its transition with prompt=select_account, which the start-up cases cover.
  { search: '', hash: '#/signedOut', stored: {} },
  // A reload inside the two-factor flow, in a tab that had signed in: the flow resumes.
  { search: '', hash: '#/twoFactor/options', stored: storedAda },
  // An emailed link opened in a fresh tab, and a reload on a required change (docs/passwords.md).
  { search: '', hash: `#/createPassword/${'a'.repeat(43)}`, stored: {} },
  { search: '', hash: '#/enforceResetPassword', stored: storedAda },
  // A reload on a notice (the code request asks again) and on the retired-app notice (docs/notices.md).
  { search: '', hash: '#/notification/FEDRAMP', stored: storedAda },
  { search: '', hash: '#/retiredApp', stored: {} },
  // The room activation page opened from a room's screen (docs/room-activation.md).
  { search: '', hash: '#/roomActivation', stored: {} },
  // The identity provider's return after a refusal, and a reload there (docs/notices.md "SSO notices").
  { search: '', hash: '#/notification/google/SSO_ACCESS_DENIED', stored: {} },
];
/** Every browser here can use passkeys; a brand offers them only in the start-ups that say so. */
export const modelInputs: SignInInput[] = startups.map((input) => ({ ...input, passkeyCapable: true }));

const pickerStates = ['checkingSession', 'showingFirstScreen', 'choosingAccount', 'signedOut'];

/**
 * The picker's rows matter only where the picker decides (which rows, which signed in). Elsewhere
 * they are left out so the graph does not multiply by every list a test can produce; each start-up
 * input is its own model, so the remembered-account input still walks the way back to the picker.
 */
function pickerState(snapshot: AnyMachineSnapshot, context: SignInContext): unknown {
  if (!pickerStates.some((state) => snapshot.matches(state))) return undefined;
  return [
    context.params?.login_hint !== undefined,
    context.params?.prompt.includes('select_account'),
    context.signedInAccounts === undefined,
    pickerAccounts(context.rememberedAccounts, context.signedInAccounts ?? [])
      .map((row) => `${row.loginId}:${row.sessionId !== undefined}`)
      .join(),
  ];
}

/**
 * What makes two model states different for the traversal: the active states plus the parts of
 * the context that guards read (display-only fields such as the error shown are left out).
 */
export function serializeModelState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as SignInContext;
  return JSON.stringify([
    snapshot.value,
    context.params?.ui_options.join(),
    context.params?.force,
    context.params?.appUrlScheme,
    context.params?.loginAutomation,
    context.params?.noActionOnFail,
    context.brandConfig?.brandId,
    context.brandConfig?.ssoEnabled,
    context.brandConfig?.passkeys,
    context.passkeyOffer,
    // select_account only decides at start-up (in the picker state below), so it does not split the rest.
    context.params?.prompt.filter((token) => token !== 'select_account').join(),
    context.credential !== undefined,
    // Whether the password page has a login option page to go back to (docs/notices.md "Login option");
    // read only there, so it does not split the rest of the graph.
    snapshot.matches('authenticating') && context.loginOptions !== undefined,
    context.authenticated,
    context.appRedirect !== undefined,
    context.backStack.length > 0,
    pickerState(snapshot, context),
    // Whether the alert can still appear or be dismissed; 'none' and 'dismissed' behave alike here.
    context.offlineAlert === 'pending' || context.offlineAlert === 'shown' ? context.offlineAlert : 'idle',
  ]);
}
