import { assign, forwardTo } from 'xstate';
import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import type { AccountOutput } from './account/account.types.ts';
import { accountRoutes } from './accountRoutes.ts';
import {
  accountStartOfLoginError,
  accountStartOfRoute,
  isAccountStateCode,
  recoveryStartOf,
  requiredChangeOf,
} from './accountStart.ts';
import { signInAccountsSetup } from './accounts.setup.ts';
import { hasOption } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';
import type { TwoFactorOutput } from './twoFactor/twoFactor.types.ts';

type Args = { context: SignInContext; event: SignInEvent };
type ErrorParams = { error: unknown };

const isTwoFactorRouteName = (name: string) => name.startsWith('twoFactor');
const isAccountRouteName = (name: string) => Object.hasOwn(accountRoutes, name);

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
    isRouteToTwoFactor: ({ event }: Args) =>
      event.type === 'route.changed' && isTwoFactorRouteName(event.route.name),
    // Undefined only for a bare completion event, as the model-test graph sends.
    isSessionExpiredOutcome: (_: Args, params: TwoFactorOutput | undefined) =>
      params?.outcome === 'sessionExpired',
    // After a reload the consent page has not been seen in this page: it comes before the code.
    hasConsentPending: ({ context }: Args) =>
      !hasOption(context, 'hide_consent') && context.app === undefined,
    // Spec §4 and §8: 319, 361 and 371 at sign-in open the account flow's page for them.
    isAccountStateError: (_: Args, params: ErrorParams) =>
      isAccountStateCode(toApiError(params.error).backendCode),
    // The password must be replaced before a code is issued (docs/passwords.md, 412).
    hasPasswordChange: (_: Args, params: { passwordChange?: string | undefined }) =>
      params.passwordChange !== undefined,
    isPasswordChangeRequired: (_: Args, params: ErrorParams) => toApiError(params.error).backendCode === 412,
    // An emailed link, a recovery page or a reload of an account page the tab can resume.
    isResumingAccount: ({ context }: Args) =>
      accountStartOfRoute(context.initialRoute, context) !== undefined,
    isRouteToAccount: ({ event }: Args) =>
      event.type === 'route.changed' && isAccountRouteName(event.route.name),
    isRouteToRecovery: ({ event }: Args) =>
      event.type === 'route.changed' && event.route.name.startsWith('resetPassword'),
    // A reload on a required change or its success page: the code request says what is still due.
    isResumingCodeRequest: ({ context }: Args) =>
      ['enforceResetPassword', 'changeOneTimePassword', 'changePasswordSuccess'].includes(
        context.initialRoute.name,
      ) && context.stored.authenticated === true,
    hasCredential: ({ context }: Args) => context.credential !== undefined,
    isAccountOutcome: (
      _: Args,
      params: { outcome: AccountOutput['outcome']; output: AccountOutput | undefined },
    ) => params.output?.outcome === params.outcome,
  },
  actions: {
    forwardToTwoFactor: forwardTo('twoFactor'),
    forwardToAccount: forwardTo('account'),
    // The start-up address resumes a flow once; entering it again later starts it afresh.
    forgetInitialRoute: assign({ initialRoute: { name: 'root' } as const }),
    assignRecoveryStart: assign(({ context, event }) => ({
      accountStart:
        event.type === 'route.changed' && event.route.name.startsWith('resetPassword')
          ? (accountStartOfRoute(event.route, context) ?? recoveryStartOf(context.credential))
          : recoveryStartOf(context.credential),
      fieldError: undefined,
      toast: undefined,
    })),
    assignExpressLinkStart: assign(({ context }) => ({
      accountStart: context.credential && { flow: 'expressLink' as const, credential: context.credential },
      fieldError: undefined,
      toast: undefined,
    })),
    assignAccountStateStart: assign(({ context }, params: ErrorParams) => ({
      accountStart:
        context.credential && accountStartOfLoginError(toApiError(params.error), context.credential),
    })),
    assignRequiredChangeStart: assign(({ context }, params: { passwordChange?: string | undefined }) => ({
      accountStart: context.credential && requiredChangeOf(params.passwordChange, context.credential),
    })),
    assignRequiredChangeFromError: assign(({ context }, params: ErrorParams) => ({
      accountStart:
        context.credential &&
        requiredChangeOf(toApiError(params.error).errorParameters.passwordChange, context.credential),
    })),
    // The account flow resumes with what this tab stored: the credential, and the session if it had one.
    restoreStoredSignIn: assign(({ context }) => ({
      credential: context.stored.credential,
      credentialText: context.stored.credentialText ?? '',
      authenticated: context.stored.authenticated === true,
      sessionId: context.stored.authenticated === true ? context.stored.sessionId : undefined,
    })),
    assignResumedAccountStart: assign(({ context }) => ({
      accountStart: accountStartOfRoute(context.initialRoute, context),
    })),
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
