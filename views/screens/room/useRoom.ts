import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { activateRoom } from '../../../machines/room/flow.ts';
import type { roomMachine } from '../../../machines/room/room.machine.ts';
import type { RoomEvent } from '../../../machines/room/room.types.ts';
import { SignInActor } from '../../SignInActor.ts';

export type RoomSnapshot = SnapshotFrom<typeof roomMachine>;
type RoomRef = ActorRefFrom<typeof activateRoom>;

/** The running room flow (invoked as `room` by the sign-in machine's activatingRoom state). */
function useRoomRef(): RoomRef | undefined {
  return SignInActor.useSelector(
    (snapshot) => (snapshot.children as Readonly<Record<string, unknown>>).room as RoomRef | undefined,
  );
}

/**
 * Reads the room flow the way views read the sign-in machine: a selector over its snapshot (undefined
 * while its chunk loads), and a `send` for the flow's own events.
 */
export function useRoom<T>(selector: (flow: RoomSnapshot | undefined) => T): T {
  const ref = useRoomRef();
  return useSelector(ref, (snapshot) => selector(snapshot?.flow as RoomSnapshot | undefined));
}

export function useRoomSend(): (event: RoomEvent) => void {
  const ref = useRoomRef();
  return useCallback((event) => ref?.send(event), [ref]);
}

/** The code is being checked (or the page is leaving for the sign-in): the page's controls wait. */
export const useRoomBusy = () => useRoom((flow) => flow?.hasTag('busy') === true);
