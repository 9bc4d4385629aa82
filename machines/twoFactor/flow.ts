import { lazyFlow } from '../lazyFlow.ts';
import type { twoFactorMachine } from './twoFactor.machine.ts';

/**
 * The two-factor flow as the sign-in machine invokes it: a chunk of its own, fetched when a code
 * request first answers 306 or 224 (or ahead, when the browser is idle after the first screen).
 */
export const verifySecondFactor = lazyFlow<typeof twoFactorMachine>(() =>
  import('./twoFactor.machine.ts').then((loaded) => loaded.twoFactorMachine),
);
