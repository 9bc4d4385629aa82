import { assign, setup } from 'xstate';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { RetiredApp, TermsOfService } from '../../api/contract/notices.ts';
import { toApiError } from '../../api/errors.ts';
import { messageFor } from '../errorMessages.ts';
import { flowGuards } from '../flowHead.ts';
import { isConnectionProblem } from '../signIn.context.ts';
import { noticesActors } from './notices.actors.ts';
import type {
  NoticesContext,
  NoticesEvent,
  NoticesInput,
  NoticesOutput,
  NoticesTag,
} from './notices.types.ts';

type Args = { context: NoticesContext; event: NoticesEvent };
type ErrorParams = { error: unknown };

/** The notices flow's guards, actions and actors, by name (house rule 1). */
export const noticesSetup = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent,
    input: {} as NoticesInput,
    output: {} as NoticesOutput,
    tags: {} as NoticesTag,
  },
  actors: noticesActors,
  guards: {
    ...flowGuards,
    isFedrampEntry: ({ context }: Args) => context.entry.kind === 'fedramp',
    isTermsEntry: ({ context }: Args) => context.entry.kind === 'terms',
    // Worth trying again from the page: the connection, or too many requests (spec §8's 429 message).
    isRetryable: (_: Args, params: ErrorParams) => {
      const error = toApiError(params.error);
      return isConnectionProblem(error.code) || error.backendCode === backendCode.requestFrequently;
    },
    isTermsVersionChanged: (_: Args, params: ErrorParams) =>
      toApiError(params.error).backendCode === backendCode.termsVersionChanged,
    isAgreementMissing: ({ context }: Args) => !context.termsAgreed,
  },
  actions: {
    assignFailure: assign({ pageError: (_, params: ErrorParams) => params.error }),
    // A new version is a new text: its box starts unticked. The same version (Try again) keeps the tick.
    assignTerms: assign(({ context }, terms: TermsOfService) => ({
      terms,
      termsAgreed: context.termsAgreed && context.terms?.version === terms.version,
      agreementMissing: false,
    })),
    assignAgreement: assign(({ event }) =>
      event.type === 'user.changeAgreement'
        ? { termsAgreed: event.agreed === true, agreementMissing: false, formError: undefined }
        : {},
    ),
    assignAgreementMissing: assign({ agreementMissing: true, formError: undefined }),
    markTermsChanged: assign({ termsChanged: true, formError: undefined }),
    assignCallError: assign(({ context }, params: ErrorParams) => ({
      formError: messageFor(toApiError(params.error), undefined, context.lookup),
    })),
    clearMessages: assign({ formError: undefined, agreementMissing: false }),
    assignRetiredApp: assign({ retiredApp: (_, retiredApp: RetiredApp) => retiredApp }),
  },
});
