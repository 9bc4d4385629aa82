import type { SnapshotFrom } from 'xstate';
import type { roomMachine } from '../../../machines/room/room.machine.ts';
import type { RoomEvent } from '../../../machines/room/room.types.ts';
import { flowHooks } from '../../flowHooks.ts';

export type RoomSnapshot = SnapshotFrom<typeof roomMachine>;

/** The room flow, invoked as `room` by the sign-in machine's activatingRoom state. */
const room = flowHooks<RoomSnapshot, RoomEvent>('room');
export const useRoom = room.useFlow;
export const useRoomSend = room.useFlowSend;

/** The code is being checked (or the page is leaving for the sign-in): the page's controls wait. */
export const useRoomBusy = () => room.useFlowTag('busy');
