import type { ComponentType } from 'react';
import type { RoomTag } from '../../../machines/room/room.types.ts';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { Activated } from './Activated.tsx';
import { EnterCode } from './EnterCode.tsx';
import { Leaving } from './Leaving.tsx';
import { NotActivated } from './NotActivated.tsx';
import { useRoom } from './useRoom.ts';

type PageTag = Exclude<RoomTag, 'busy'>;

/** Every page of room activation by the tag of the flow's active state. */
const views: Record<PageTag, ComponentType> = {
  'screen.roomActivation': EnterCode,
  leaving: Leaving,
  'screen.roomActivated': Activated,
  'screen.roomNotActivated': NotActivated,
};
const tags = Object.keys(views) as PageTag[];

/**
 * Room activation (docs/room-activation.md): whichever page the room flow's active state names (each
 * marks itself with its own data-screen inside this one). Each page is keyed by its tag, so focus and
 * scroll start afresh on the next one.
 */
export function RoomScreen() {
  const tag = useRoom((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && views[tag];
  return <div data-screen="room">{tag && View ? <View key={tag} /> : <LoadingIndicator />}</div>;
}
