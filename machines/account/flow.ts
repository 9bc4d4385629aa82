import { lazyFlow } from '../lazyFlow.ts';
import type { accountMachine } from './account.machine.ts';

/**
 * The account flow as the sign-in machine invokes it: a chunk of its own, fetched when a page first
 * enters it (or ahead, when the browser is idle after the first screen).
 */
export const manageAccount = lazyFlow<typeof accountMachine>(() =>
  import('./account.machine.ts').then((loaded) => loaded.accountMachine),
);
