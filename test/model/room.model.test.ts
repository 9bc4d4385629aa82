import { describe } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { normaliseUserCode } from '../../api/contract/device.ts';
import { ApiError } from '../../api/errors.ts';
import { roomMachine } from '../../machines/room/room.machine.ts';
import { roomSetup } from '../../machines/room/room.setup.ts';
import type { RoomContext, RoomEntry, RoomInput } from '../../machines/room/room.types.ts';
import { isBlankCode } from '../../machines/room/roomMessages.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { withoutInvocations } from './projection.ts';

/** The room flow without its invocation, and without leaving the page or sending analytics. */
function createRoomModelMachine(): AnyStateMachine {
  const config = withoutInvocations(roomMachine.config as never);
  return roomSetup
    .createMachine(config as never)
    .provide({ actions: { navigateToAuthorize: () => {}, trackRoomsLoginSuccess: () => {} } }) as never;
}

const refusal = (code: number, httpStatus = 400) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus, backendMessage: 'no' });
const done = (output: unknown) => ({ type: 'xstate.done.actor.verifyUserCode', output });
const failed = (error: unknown) => ({ type: 'xstate.error.actor.verifyUserCode', error });
const route = (name: string, extra: object = {}) => ({ type: 'route.changed', route: { name, ...extra } });

/** Every event the flow takes: typing, submitting, the callback pages' button, addresses and the call's outcomes. */
const events = [
  { type: 'user.changeCode', value: '' },
  { type: 'user.changeCode', value: 'BCDF-GHJA' },
  { type: 'user.changeCode', value: 'bcdfghjk' },
  { type: 'user.submit' },
  { type: 'user.enterNewCode' },
  { type: 'page.restored' },
  done({ appName: 'Meeting Room', authorizeUrl: '/oauth/authorize?client_id=demo-room' }),
  done({ appName: 'Meeting Room', authorizeUrl: 'https://evil.example/oauth/authorize?x=1' }),
  failed(refusal(740)),
  failed(refusal(429, 429)),
  failed(new ApiError({ code: 'UI_ERROR_NETWORK' })),
  failed(new ApiError({ code: 'UI_ERROR_BAD_REPLY' })),
  failed(refusal(101, 500)),
  route('roomActivation'),
  route('roomActivation', { userCode: 'MNPQ-RSTV' }),
  route('roomActivated'),
  route('roomNotActivated', { reason: 'denied' }),
];

const input = (entry: RoomEntry): RoomInput => ({
  clientId: 'foyer-web',
  brandId: '7310',
  localeId: 'en_US',
  lookup: {},
  entry,
});
/** Each way in: the page with and without a code from the /device link, and the callback's four answers. */
const inputs = [
  input({ kind: 'enterCode' }),
  input({ kind: 'enterCode', userCode: 'BCDF-GHJK' }),
  input({ kind: 'activated' }),
  input({ kind: 'notActivated', reason: 'denied' }),
  input({ kind: 'notActivated', reason: 'expired' }),
  input({ kind: 'notActivated', reason: 'failed' }),
];

/** What the guards read: the typed code's kind, what the callback said, and whether a message shows. */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as RoomContext;
  const code = isBlankCode(context.code) ? 'blank' : normaliseUserCode(context.code) ? 'code' : 'impossible';
  return JSON.stringify([
    snapshot.value,
    code,
    context.activated,
    context.notActivatedReason,
    context.fieldError?.id,
  ]);
};

describe('room activation flow: generated paths', () => {
  itWalksEveryStateAndTransition(createRoomModelMachine(), inputs, events as EventObject[], serialize);
});
