import { assign, forwardTo } from 'xstate';
import { toApiError } from '../api/errors.ts';
import { signInAccountsSetup } from './accounts.setup.ts';
import { hasOption } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';
import type { TwoFactorOutput } from './twoFactor/twoFactor.types.ts';

type Args = { context: SignInContext; event: SignInEvent };

const isTwoFactorRouteName = (name: string) => name.startsWith('twoFactor');

/**
 * The sign-in machine's side of the flows that load as chunks of their own (docs/architecture.md,
 * "What the first screen loads"): when to enter them, resuming them on a reload, passing them the
 * address, and where their outcome leads. The flows' own guards and actions live in their folders.
 */
export const signInFlowsSetup = signInAccountsSetup.extend({
  guards: {
    // Spec §4: 306 or 224 from the code request go to the two-factor dispatcher.
    isSecondFactorRequired: (_: Args, params: { error: unknown }) => {
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
  },
  actions: {
    forwardToTwoFactor: forwardTo('twoFactor'),
    // The start-up address resumes a flow once; entering it again later starts it afresh.
    forgetInitialRoute: assign({ initialRoute: { name: 'root' } as const }),
  },
});
