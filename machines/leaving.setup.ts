import { assign, type OutputFrom } from 'xstate';
import { toApiError } from '../api/errors.ts';
import type { requestCode } from './actors.ts';
import { codeRequestOutcome } from './errors.ts';
import { browserSessionStorage, writeAutomationTarget } from './persistence.ts';
import { ACCESS_DENIED_DESCRIPTION, buildErrorRedirect } from './redirect.ts';
import { effectiveLocale } from './signIn.context.ts';
import { signInSetup } from './signIn.setup.ts';

type CodeOutput = OutputFrom<typeof requestCode>;
type ErrorParams = { error: unknown };

/**
 * Where a sign-in leaves for (spec §4): the code redirect, the code request's error pages and error
 * redirects, cancel and reject. Joins the one setup right after its base, before the SSO part.
 */
export const signInLeavingSetup = signInSetup.extend({
  actions: {
    assignCodeRedirect: assign((_, params: CodeOutput) => ({
      redirectUrl: params.redirectUri,
      authorisation: { extensionId: params.extensionId, accountId: params.accountId },
    })),
    storeAutomationTarget: ({ context }) => {
      if (context.redirectUrl) writeAutomationTarget(browserSessionStorage(), context.redirectUrl);
    },
    assignCodeRequestPage: assign({
      failure: (_, params: ErrorParams) => {
        const outcome = codeRequestOutcome(toApiError(params.error));
        return { code: outcome.kind === 'error' || outcome.kind === 'warning' ? outcome.code : 'INTERNAL' };
      },
    }),
    assignCodeRequestRedirect: assign({
      appRedirect: (_, params: ErrorParams) => {
        const outcome = codeRequestOutcome(toApiError(params.error));
        return outcome.kind === 'redirect'
          ? { error: outcome.error, description: outcome.description }
          : undefined;
      },
    }),
    // Spec §4: cancel hides the toast, then redirects with user_cancelled.
    assignCancelRedirect: assign({ appRedirect: { error: 'user_cancelled' }, toast: undefined }),
    assignRejectRedirect: assign({
      appRedirect: { error: 'access_denied', description: ACCESS_DENIED_DESCRIPTION },
    }),
    assignAppRedirectUrl: assign({
      redirectUrl: ({ context }) =>
        context.params && context.appRedirect
          ? buildErrorRedirect(context.params, context.appRedirect, effectiveLocale(context))
          : undefined,
    }),
    assignInvalidRedirectFailure: assign({ failure: { code: 'API_ERROR_208' } }),
    navigateAway: ({ context }) => {
      if (context.redirectUrl) globalThis.location.assign(context.redirectUrl);
    },
  },
});
