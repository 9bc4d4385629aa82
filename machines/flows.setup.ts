import { assign, forwardTo } from 'xstate';
import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import type { AccountEntry } from './account/account.types.ts';
import { accountRoutes } from './accountRoutes.ts';
import { signInAccountsSetup } from './accounts.setup.ts';
import { codeRequestOutcome } from './errors.ts';
import type { NoticesOutput } from './notices/notices.types.ts';
import { NOTICE_DECLINED_DESCRIPTION } from './redirect.ts';
import { roomEntryOf } from './roomRoutes.ts';
import { hasOption } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';
import type { JoinedFlowId } from './states/joinFlow.ts';

type Args = { context: SignInContext; event: SignInEvent };
type ErrorParams = { error: unknown };

const isTwoFactorRouteName = (name: string) => name.startsWith('twoFactor');
const isAccountRouteName = (name: string) => Object.hasOwn(accountRoutes, name);
/** Pages a reload resumes through the code request rather than the flow (it answers 412 if still due). */
const codeRequestPages = ['enforceResetPassword', 'changeOneTimePassword', 'changePasswordSuccess'];
/** The emergency flow's pages: a reload asks the code request again, which answers 701 or 702 if still due. */
const isEmergencyRouteName = (name: string) => name.startsWith('emergency');
/** Notice pages a reload resumes through the code request, which answers 720 or 730 again if still due. */
const noticeCodeRequestPages = ['fedrampNotice', 'termsOfService'];
const isNoticeRouteName = (name: string) => [...noticeCodeRequestPages, 'retiredApp'].includes(name);
/** Spec §4 720, ours 730 and 216 (docs/notices.md): which notice the code request's refusal asks for. */
const noticeOf = (error: unknown) => {
  const outcome = codeRequestOutcome(toApiError(error));
  return outcome.kind === 'notice' ? outcome.notice : undefined;
};
/** Which routes belong to which joined flow. */
const isFlowRoute: Record<JoinedFlowId, (name: string) => boolean> = {
  twoFactor: isTwoFactorRouteName,
  account: isAccountRouteName,
  emergency: isEmergencyRouteName,
  notices: isNoticeRouteName,
  passkeys: (name) => name.startsWith('passkey'),
  // The picker is one page, the root's own route (its state takes no other: states/accounts.ts).
  picker: () => false,
};
const enter = (entry: AccountEntry) => ({ accountEntry: entry, fieldError: undefined, toast: undefined });

/**
 * The sign-in machine's side of the flows that load as chunks of their own (docs/architecture.md,
 * "What the first screen loads"): when to enter them, resuming them on a reload, passing them the
 * address, and where their outcome leads. The flows' own guards and actions live in their folders.
 */
export const signInFlowsSetup = signInAccountsSetup.extend({
  guards: {
    // Spec §4: 306 or 224 from the code request go to the two-factor dispatcher.
    isSecondFactorRequired: (_: Args, params: ErrorParams) => {
      const code = toApiError(params.error).backendCode;
      return code === 306 || code === 224;
    },
    // A reload on a two-factor page, in a tab that had signed in: the flow resumes it.
    isResumingTwoFactor: ({ context }: Args) =>
      isTwoFactorRouteName(context.initialRoute.name) && context.stored.authenticated === true,
    // After a reload the consent page has not been seen in this page: it comes before the code.
    hasConsentPending: ({ context }: Args) =>
      !hasOption(context, 'hide_consent') && context.app === undefined,
    // Spec §4 and §8: 319, 361 and 371 at sign-in open the account flow's page for them.
    isAccountStateError: (_: Args, params: ErrorParams) =>
      [319, 361, 371].includes(toApiError(params.error).backendCode ?? 0),
    // The password must be replaced before a code is issued (docs/passwords.md, 412).
    hasPasswordChange: (_: Args, params: { passwordChange?: string | undefined }) =>
      params.passwordChange !== undefined,
    isPasswordChangeRequired: (_: Args, params: ErrorParams) => toApiError(params.error).backendCode === 412,
    // An emailed link, a recovery page or a reload of an account page the tab can resume.
    isResumingAccount: ({ context }: Args) =>
      isAccountRouteName(context.initialRoute.name) && !codeRequestPages.includes(context.initialRoute.name),
    // A reload on a required change or its success page: the code request says what is still due.
    isResumingCodeRequest: ({ context }: Args) =>
      (codeRequestPages.includes(context.initialRoute.name) ||
        noticeCodeRequestPages.includes(context.initialRoute.name) ||
        isEmergencyRouteName(context.initialRoute.name)) &&
      context.stored.authenticated === true,
    // Spec §4: 701 (an emergency address is needed) and 702 (no digital line) from the code request.
    isEmergencyAddressRequired: (_: Args, params: ErrorParams) =>
      codeRequestOutcome(toApiError(params.error)).kind === 'emergencyAddress',
    isFedrampAccepted: (_: Args, params: NoticesOutput | undefined) =>
      params?.outcome === 'accepted' && params.notice === 'fedramp',
    isRetiredAppNotice: ({ context }: Args) => context.noticeKind === 'retiredApp',
    isNoticeRequired: (_: Args, params: ErrorParams) => noticeOf(params.error) !== undefined,
    // The server sends a retired client's authorisation request here with errorCode=216 (docs/notices.md).
    isRetiredAppStart: ({ context }: Args) =>
      context.params?.errorCode === '216' || context.initialRoute.name === 'retiredApp',
    // The room activation pages (docs/room-activation.md) are where a room's sign-in starts and ends.
    isRoomStart: ({ context }: Args) => roomEntryOf(context.initialRoute) !== undefined,
    isRouteToRoom: ({ event }: Args) =>
      event.type === 'route.changed' && roomEntryOf(event.route) !== undefined,
    hasCredential: ({ context }: Args) => context.credential !== undefined,
    // Back, forward or a typed-in hash to one of a joined flow's pages (states/joinFlow.ts).
    isRouteToFlow: ({ event }: Args, params: { flow: JoinedFlowId }) =>
      event.type === 'route.changed' && isFlowRoute[params.flow](event.route.name),
    // A lazily loaded flow (account, emergency address) ended with this outcome (states/shared.ts flowOutcome).
    isFlowOutcome: (_: Args, params: { outcome: string; output: { outcome: string } | undefined }) =>
      params.output?.outcome === params.outcome,
  },
  actions: {
    // A joined flow's own route goes to the flow, which moves to that page if its guards allow it.
    forwardToFlow: forwardTo((_, params: { flow: JoinedFlowId }) => params.flow),
    forwardToRoom: forwardTo('room'),
    assignNoticeKind: assign({ noticeKind: (_, params: ErrorParams) => noticeOf(params.error) }),
    assignRetiredAppNotice: assign({ noticeKind: 'retiredApp' as const }),
    // Spec §3 fedrampNotificationCompleted: accepted once, said by every later code request of this sign-in.
    markFedrampCompleted: assign({ fedrampNotificationCompleted: true }),
    assignNoticeDeclinedRedirect: assign({
      appRedirect: { error: 'access_denied', description: NOTICE_DECLINED_DESCRIPTION },
    }),
    assignRoomEntry: assign({ roomEntry: ({ context }) => roomEntryOf(context.initialRoute) }),
    assignEmergencyEntry: assign({
      emergencyEntry: (_, params: ErrorParams) => ({
        code: toApiError(params.error).backendCode === 702 ? (702 as const) : (701 as const),
      }),
    }),
    // Spec §7 eaCompleted: the next code request says the address was registered or acknowledged.
    markEmergencyCompleted: assign({ eaCompleted: true }),
    // Said once, by the request right after the flow: another account or a later start says it anew.
    clearEmergencyCompleted: assign({ eaCompleted: false }),
    // The start-up address resumes a flow once; entering it again later starts it afresh.
    forgetInitialRoute: assign({ initialRoute: { name: 'root' } as const }),
    assignRecoveryEntry: assign(() => enter({ via: 'forgotPassword' })),
    assignExpressLinkEntry: assign(() => enter({ via: 'expressLink' })),
    assignLoginErrorEntry: assign((_, params: ErrorParams) =>
      enter({ via: 'loginError', code: toApiError(params.error).backendCode ?? 0 }),
    ),
    assignPasswordChangeEntry: assign((_, params: { passwordChange?: string | undefined }) =>
      enter({ via: 'passwordChange', kind: params.passwordChange }),
    ),
    assignPasswordChangeFromError: assign((_, params: ErrorParams) =>
      enter({ via: 'passwordChange', kind: toApiError(params.error).errorParameters.passwordChange }),
    ),
    // The account flow resumes with what this tab stored: the credential, and the session if it had one.
    restoreStoredSignIn: assign(({ context }) => ({
      credential: context.stored.credential,
      credentialText: context.stored.credentialText ?? '',
      authenticated: context.stored.authenticated === true,
      sessionId: context.stored.authenticated === true ? context.stored.sessionId : undefined,
    })),
    assignResumedAccountEntry: assign(({ context }) =>
      enter({ via: 'address', route: context.initialRoute }),
    ),

    // After a reset, a legacy change, an activation or a confirmation: the password page for the account.
    assignAccountLoginId: assign((_, params: { loginId: string }) => {
      const parsed = parseCredential(params.loginId);
      return parsed.ok
        ? {
            credential: parsed.credential,
            credentialText: params.loginId,
            authenticated: false,
            sessionId: undefined,
          }
        : {};
    }),
  },
});
