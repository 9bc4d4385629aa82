import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadErrorMessages } from '../../machines/errors.ts';

// In the app, every call that can fail loads the error-message lookups before its failure reaches the
// machine (machines/errors.ts, withErrorMessages); stand-in actors reject at once, so load them first.
// At the top level, not in beforeAll: model tests replay paths while their module loads.
await loadErrorMessages();
afterEach(() => cleanup());
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
