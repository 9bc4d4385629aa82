import { brandIdOf, effectiveLocale, messageLookupOf } from '../signIn.context.ts';
import type { SignInContext } from '../signIn.types.ts';
import {
  cancel,
  chooseLocale,
  flowOutcome,
  toCredential,
  toErrorPage,
  toPassword,
  toPicker,
} from './shared.ts';

/** The flows that load as chunks of their own and run under a root state of the sign-in machine. */
export type JoinedFlowId = 'twoFactor' | 'account' | 'emergency' | 'notices' | 'passkeys' | 'picker';

/** What every flow is handed: who asks, for which brand and session, and in which words. */
export const flowInputOf = (context: SignInContext) => ({
  clientId: context.clientId,
  brandId: brandIdOf(context),
  sessionId: context.sessionId,
  localeId: effectiveLocale(context),
  lookup: messageLookupOf(context),
});

type Failed = { event: { output: { outcome: string; error?: unknown } } };

/** A flow that ended with `failed` (a call it could not recover from): the error page, with its error. */
export const toFailedOutcome = {
  guard: flowOutcome('failed'),
  target: '#signIn.failed.error',
  actions: {
    type: 'assignFailure',
    params: ({ event }: Failed) => ({
      error: event.output.outcome === 'failed' ? event.output.error : undefined,
    }),
  },
} as const;

/**
 * The one way a lazily loaded flow joins the statechart (docs/architecture.md, "Flows"): the root
 * state invokes the flow by name with the shared input head plus its own, ends the sign-in's session
 * on the flow's `sessionExpired`, falls to the error page when the chunk does not load, forwards the
 * flow's own routes (back, forward, typed-in hashes) to it while the root's credential, password and
 * picker routes leave it, and cancels back to the app. Where each other outcome leads is the state's.
 */
export function joinFlow<
  const Id extends JoinedFlowId,
  const Src extends string,
  const Tag extends string,
  const Extra extends object,
  const Outcomes extends readonly object[],
>(flow: { id: Id; src: Src; tag: Tag; input: (context: SignInContext) => Extra; outcomes: Outcomes }) {
  return {
    tags: [flow.tag],
    exit: 'forgetInitialRoute',
    invoke: {
      id: flow.id,
      src: flow.src,
      input: ({ context }: { context: SignInContext }) => ({
        ...flowInputOf(context),
        ...flow.input(context),
      }),
      onDone: [{ guard: flowOutcome('sessionExpired'), target: '#signIn.sessionExpired' }, ...flow.outcomes],
      // The flow's chunk did not load.
      onError: toErrorPage,
    },
    on: {
      'route.changed': [
        toCredential,
        toPassword,
        toPicker,
        {
          guard: { type: 'isRouteToFlow', params: { flow: flow.id } },
          actions: { type: 'forwardToFlow', params: { flow: flow.id } },
        },
      ],
      'user.cancel': cancel,
      // The flow took the locale at its start: told, what it sends from now on (codes, emailed links)
      // is worded in the one chosen.
      'user.chooseLocale': {
        actions: [...chooseLocale, { type: 'forwardToFlow', params: { flow: flow.id } }],
      },
    },
  } as const;
}
