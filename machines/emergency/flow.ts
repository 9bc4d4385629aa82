import { lazyFlow } from '../lazyFlow.ts';
import type { emergencyMachine } from './emergency.machine.ts';

/**
 * The emergency-address flow as the sign-in machine invokes it: a chunk of its own, fetched when a
 * code request first answers 701 or 702 (or ahead, when the browser is idle after the first screen).
 */
export const completeEmergencyAddress = lazyFlow<typeof emergencyMachine>(() =>
  import('./emergency.machine.ts').then((loaded) => loaded.emergencyMachine),
);
