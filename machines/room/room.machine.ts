import { and } from 'xstate';
import { normaliseUserCode } from '../../api/contract/device.ts';
import { roomSetup } from './room.setup.ts';
import type { RoomContext, RoomInput, RoomOutput } from './room.types.ts';

function initialContext(input: RoomInput): RoomContext {
  return {
    ...input,
    code: '',
    fieldError: undefined,
    verified: undefined,
    activated: false,
    notActivatedReason: undefined,
    pageError: undefined,
  };
}

type VerifyDone = { event: { output: { appName: string; authorizeUrl: string } } };
type VerifyFailed = { event: { error: unknown } };
const verified = ({ event }: VerifyDone) => event.output;
const errorParams = ({ event }: VerifyFailed) => ({ error: event.error });

/** Back to the code page by the address (Back from the not-activated page's "Enter a new code", a typed hash). */
const toEnterCode = [
  {
    guard: { type: 'isRouteTo', params: { name: 'roomActivation' } },
    target: '#room.enterCode',
    actions: 'assignRouteCode',
  },
] as const;

/**
 * Room activation's part of the one statechart (docs/room-activation.md, "Page (SPA)"): the code page,
 * the check with the server, the departure to the sign-in, and the two pages the server's callback
 * lands on. The sign-in machine invokes it at start-up when the address names one of its pages and
 * loads it as a chunk of its own (machines/lazyFlow.ts); its states carry the screen tags
 * machines/roomRoutes.ts turns into the address.
 */
export const roomMachine = roomSetup.createMachine({
  id: 'room',
  context: ({ input }) => initialContext(input),
  output: ({ context }): RoomOutput => ({ outcome: 'failed', error: context.pageError }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        {
          guard: 'isActivatedEntry',
          target: 'activated',
          // Once per callback, not on every return to the page by Back and Forward.
          actions: ['assignActivated', 'trackRoomsLoginSuccess'],
        },
        { guard: 'isNotActivatedEntry', target: 'notActivated', actions: 'assignNotActivated' },
        { target: 'enterCode', actions: 'assignEntryCode' },
      ],
    },
    /** The code shown on the room's screen; the page's own checks come before any call. */
    enterCode: {
      tags: ['screen.roomActivation'],
      on: {
        'user.changeCode': { actions: 'assignCode' },
        'user.submit': [
          { guard: 'isCodeBlank', actions: 'assignBlankError' },
          { guard: 'isCodeImpossible', actions: 'assignImpossibleError' },
          { target: 'verifying' },
        ],
        'route.changed': [
          // Only back to a page this tab was given by the callback (Back after "Enter a new code").
          {
            guard: and([
              { type: 'isRouteTo', params: { name: 'roomNotActivated' as const } },
              'wasNotActivated',
            ]),
            target: 'notActivated',
          },
          {
            guard: and([{ type: 'isRouteTo', params: { name: 'roomActivated' as const } }, 'wasActivated']),
            target: 'activated',
          },
          { guard: 'hasRouteCode', actions: 'assignRouteCode' },
        ],
      },
    },
    verifying: {
      tags: ['screen.roomActivation', 'busy'],
      invoke: {
        id: 'verifyUserCode',
        src: 'verifyUserCode',
        input: ({ context }) => ({
          clientId: context.clientId,
          userCode: normaliseUserCode(context.code) ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isOwnAuthorizeUrl', params: verified },
            target: 'leaving',
            actions: { type: 'assignVerified', params: verified },
          },
          // The server named somewhere else to go: never followed, and nothing here can mend it.
          { target: 'failed', actions: 'assignForeignAuthorizeUrl' },
        ],
        onError: [
          // A reply outside the contract is the server's fault, not the code's: the error page.
          {
            guard: { type: 'isBadReply', params: errorParams },
            target: 'failed',
            actions: { type: 'assignFailure', params: errorParams },
          },
          // 740 (unknown or expired), 429, no network, anything else: a message on the field.
          { target: 'enterCode', actions: { type: 'assignVerifyError', params: errorParams } },
        ],
      },
    },
    /** The person signs in (and approves the room on the consent page) on the sign-in's own pages. */
    leaving: {
      tags: ['leaving', 'busy'],
      entry: {
        type: 'navigateToAuthorize',
        params: ({ context }) => ({ url: context.verified?.authorizeUrl ?? '' }),
      },
      // Back from the sign-in to a page the browser kept as it was: the code page again, not a spinner.
      on: { 'page.restored': 'enterCode' },
    },
    /** The callback after approval: the room's next check finds its tokens. */
    activated: {
      tags: ['screen.roomActivated'],
      on: { 'route.changed': toEnterCode },
    },
    /** The callback after a denial, an expired code or a failed sign-in. */
    notActivated: {
      tags: ['screen.roomNotActivated'],
      on: {
        'user.enterNewCode': { target: 'enterCode', actions: 'clearCode' },
        'route.changed': toEnterCode,
      },
    },
    failed: { type: 'final' },
  },
});
