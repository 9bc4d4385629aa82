import { assign, setup } from 'xstate';
import type { PasskeyList, PasskeySummary } from '../../api/contract/passkeys.ts';
import { toApiError } from '../../api/errors.ts';
import { messageFor } from '../errorMessages.ts';
import { flowGuards } from '../flowHead.ts';
import { passkeysActors } from './passkeys.actors.ts';
import type {
  PasskeysContext,
  PasskeysEvent,
  PasskeysInput,
  PasskeysOutput,
  PasskeysTag,
} from './passkeys.types.ts';

type Args = { context: PasskeysContext; event: PasskeysEvent };
type ErrorParams = { error: unknown };

/** The session the flow acts on: the picker's row, or the sign-in's own. */
export const sessionOf = (context: PasskeysContext) =>
  context.entry.kind === 'manage' ? context.entry.sessionId : context.sessionId;

/** The passkeys flow's guards, actions and actors, by name (house rule 1). */
export const passkeysSetup = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
    input: {} as PasskeysInput,
    output: {} as PasskeysOutput,
    tags: {} as PasskeysTag,
  },
  actors: passkeysActors,
  guards: {
    ...flowGuards,
    isManageEntry: ({ context }: Args) => context.entry.kind === 'manage',
    isOfferDue: (_: Args, list: PasskeyList) => list.offer === 'show',
    isOfferAfterSecondFactor: (_: Args, list: PasskeyList) => list.offer === 'afterSecondFactor',
  },
  actions: {
    assignPasskeys: assign({ passkeys: (_, list: PasskeyList) => list.passkeys, listFailed: false }),
    assignListFailure: assign(({ context }, params: ErrorParams) => ({
      formError: messageFor(toApiError(params.error), undefined, context.lookup),
      listFailed: true,
    })),
    assignCreated: assign(({ context }, passkey: PasskeySummary) => ({
      passkeys: [...context.passkeys.filter((known) => known.id !== passkey.id), passkey],
      created: true,
      removedName: undefined,
      formError: undefined,
    })),
    assignRemoving: assign(({ event }) => ({
      removingId: event.type === 'user.removePasskey' ? event.passkeyId : undefined,
      removedName: undefined,
      formError: undefined,
    })),
    assignRemoved: assign(({ context }, list: PasskeyList) => ({
      removedName: context.passkeys.find((passkey) => passkey.id === context.removingId)?.name,
      removingId: undefined,
      passkeys: list.passkeys,
      created: false,
      formError: undefined,
    })),
    assignCallError: assign(({ context }, params: ErrorParams) => ({
      formError: messageFor(toApiError(params.error), undefined, context.lookup),
      removedName: undefined,
    })),
    clearMessages: assign({ formError: undefined, removedName: undefined }),
  },
});
