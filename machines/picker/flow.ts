import { lazyFlow } from '../lazyFlow.ts';
import type { pickerMachine } from './picker.machine.ts';

/**
 * The account picker as the sign-in machine invokes it: a chunk of its own, fetched when the picker is
 * the page to show or when the browser is idle. The session check that decides so stays in the entry.
 */
export const chooseAccount = lazyFlow<typeof pickerMachine>(() =>
  import('./picker.machine.ts').then((loaded) => loaded.pickerMachine),
);
