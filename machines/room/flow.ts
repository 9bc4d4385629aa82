import { lazyFlow } from '../lazyFlow.ts';
import type { roomMachine } from './room.machine.ts';

/**
 * Room activation as the sign-in machine invokes it: a chunk of its own, fetched when a start-up
 * address names one of its pages (or ahead, when the browser is idle after the first screen).
 */
export const activateRoom = lazyFlow<typeof roomMachine>(() =>
  import('./room.machine.ts').then((loaded) => loaded.roomMachine),
);
