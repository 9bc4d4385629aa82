import { assign, setup } from 'xstate';
import { normaliseUserCode, type VerifiedUserCode } from '../../api/contract/device.ts';
import { ApiError, toApiError } from '../../api/errors.ts';
import { sendAnalytics } from '../analytics.ts';
import type { RoomRouteName } from '../routes.ts';
import { roomActors } from './room.actors.ts';
import type { RoomContext, RoomEvent, RoomInput, RoomOutput, RoomTag } from './room.types.ts';
import { codeAsTyped, isBlankCode, isOwnAuthorizeUrl, roomMessage, verifyMessage } from './roomMessages.ts';

type Args = { context: RoomContext; event: RoomEvent };
type ErrorParams = { error: unknown };

const routeOfEvent = (event: RoomEvent) => (event.type === 'route.changed' ? event.route : undefined);
const routeCodeOf = (event: RoomEvent) => {
  const route = routeOfEvent(event);
  return route?.name === 'roomActivation' ? route.userCode : undefined;
};

/** The room flow's guards, actions and actors, by name (house rule 1). */
export const roomSetup = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as RoomInput,
    output: {} as RoomOutput,
    tags: {} as RoomTag,
  },
  actors: roomActors,
  guards: {
    isActivatedEntry: ({ context }: Args) => context.entry.kind === 'activated',
    isNotActivatedEntry: ({ context }: Args) => context.entry.kind === 'notActivated',
    isCodeBlank: ({ context }: Args) => isBlankCode(context.code),
    isCodeImpossible: ({ context }: Args) => normaliseUserCode(context.code) === undefined,
    isBadReply: (_: Args, params: ErrorParams) => toApiError(params.error).code === 'UI_ERROR_BAD_REPLY',
    // Where the page may send the person: this server's own /oauth/authorize, checked before leaving.
    isOwnAuthorizeUrl: (_: Args, params: VerifiedUserCode) =>
      isOwnAuthorizeUrl(params.authorizeUrl, globalThis.location.origin),
    isRouteTo: ({ event }: Args, params: { name: RoomRouteName }) =>
      routeOfEvent(event)?.name === params.name,
    hasRouteCode: ({ event }: Args) => routeCodeOf(event) !== undefined,
    wasActivated: ({ context }: Args) => context.activated,
    wasNotActivated: ({ context }: Args) => context.notActivatedReason !== undefined,
  },
  actions: {
    assignEntryCode: assign(({ context }) => ({
      code: context.entry.kind === 'enterCode' ? codeAsTyped(context.entry.userCode ?? '') : '',
    })),
    assignActivated: assign({ activated: true }),
    assignNotActivated: assign(({ context }) => ({
      notActivatedReason: context.entry.kind === 'notActivated' ? context.entry.reason : undefined,
    })),
    assignCode: assign(({ event }) => ({
      code: event.type === 'user.changeCode' ? codeAsTyped(event.value) : '',
      fieldError: undefined,
    })),
    // A code in a typed-in or followed address fills the field as the /device link's does.
    assignRouteCode: assign(({ event }) => ({
      code: codeAsTyped(routeCodeOf(event) ?? ''),
      fieldError: undefined,
    })),
    clearCode: assign({ code: '', fieldError: undefined, verified: undefined }),
    assignBlankError: assign(({ context }) => ({
      fieldError: roomMessage('errors.room.codeEmpty', context.lookup),
    })),
    assignImpossibleError: assign(({ context }) => ({
      fieldError: roomMessage('errors.room.codeNotPossible', context.lookup),
    })),
    assignVerifyError: assign(({ context }, params: ErrorParams) => ({
      fieldError: verifyMessage(toApiError(params.error), context.lookup),
    })),
    assignVerified: assign((_, params: VerifiedUserCode) => ({ verified: params })),
    assignFailure: assign({ pageError: (_, params: ErrorParams) => params.error }),
    assignForeignAuthorizeUrl: assign({
      pageError: () =>
        new ApiError({ code: 'UI_ERROR_BAD_REPLY', backendMessage: 'authorizeUrl is not this server’s' }),
    }),
    // Spec §9 'rooms login success', with the client and brand id as every analytics event.
    trackRoomsLoginSuccess: ({ context }) =>
      sendAnalytics({ name: 'roomsLoginSuccess', clientId: context.clientId, brandId: context.brandId }),
    // A full navigation: the person signs in on the server's own pages and the statechart's, as usual.
    navigateToAuthorize: (_, params: { url: string }) => globalThis.location.assign(params.url),
  },
});
