import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { loadErrorMessages } from '../../machines/errors.ts';

// In the app, every call that can fail loads the error-message lookups before its failure reaches the
// machine (machines/errors.ts, withErrorMessages); stand-in actors reject at once, so load them first.
// At the top level, not in beforeAll: model tests replay paths while their module loads.
await loadErrorMessages();
afterEach(() => cleanup());
// A rendered app fetches the other screens' chunks when idle (views/screens/lazyScreens.ts); unmounting
// stops that after the import under way, which may still be loading modules when the file ends. Files
// share their worker's modules, so such an import cut off by the teardown would fail the next file that
// needs the same module: each file waits for its own imports.
afterAll(() => vi.dynamicImportSettled());
// findBy… and waitFor wait for the DOM to change; their 1 s default deadline is a guess about how busy
// the machine is, which failed on a loaded one. The condition decides, within a generous bound.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no modal dialogs; these follow the HTML standard's open/close steps closely enough for the
// phishing notice's side (views/frame/PhishingNotice.tsx; the browser test runs the real thing in Chromium).
// A test file that runs in node (no DOM) has no HTMLDialogElement at all.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    this.querySelector<HTMLElement>('button')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
