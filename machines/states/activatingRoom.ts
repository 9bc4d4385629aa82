import { signInFlowsSetup } from '../flows.setup.ts';
import type { RoomOutput } from '../room/room.types.ts';
import { brandIdOf, effectiveLocale, messageLookupOf } from '../signIn.context.ts';
import { requireValue, toCredential } from './shared.ts';

/**
 * Room activation (docs/room-activation.md, RFC 8628): the page a person opens from a meeting room's
 * screen. The flow (machines/room/) takes the room's code and leaves for the room client's ordinary
 * authorisation request — the sign-in then runs as always, its consent page approving the room — and
 * shows how it ended when the server's callback returns here. It ends only with a failure to show.
 */
export const activatingRoom = signInFlowsSetup.createStateConfig({
  tags: ['screen.room'],
  exit: 'forgetInitialRoute',
  invoke: {
    id: 'room',
    src: 'activateRoom',
    input: ({ context }) => ({
      clientId: context.clientId,
      brandId: brandIdOf(context),
      localeId: effectiveLocale(context),
      lookup: messageLookupOf(context),
      entry: requireValue(context.roomEntry, 'roomEntry'),
    }),
    onDone: {
      target: '#signIn.failed.error',
      actions: {
        type: 'assignFailure',
        // A bare completion (as the model-test graph sends) carries no output.
        params: ({ event }: { event: { output?: RoomOutput } }) => ({ error: event.output?.error }),
      },
    },
    onError: {
      target: '#signIn.failed.error',
      actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
    },
  },
  on: {
    'route.changed': [{ guard: 'isRouteToRoom', actions: 'forwardToRoom' }, toCredential],
  },
});
