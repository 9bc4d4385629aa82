import { lazyFlow } from '../lazyFlow.ts';
import type { noticesMachine } from './notices.machine.ts';

/**
 * The notices flow as the sign-in machine invokes it: a chunk of its own, fetched when a code request
 * first answers 720, 730 or 216 (or ahead, when the browser is idle after the first screen).
 */
export const showNotice = lazyFlow<typeof noticesMachine>(() =>
  import('./notices.machine.ts').then((m) => m.noticesMachine),
);
