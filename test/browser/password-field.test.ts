import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  expectAccessible,
  harnessPerFile,
  newestOutboxText,
} from './harness.ts';

/** Show/hide and the Caps Lock note on every password field (docs/passwords.md, "Typing a password"). */
const harness = harnessPerFile();

async function toPasswordPage(email: string) {
  const partner = await createPartner(harness().origin);
  const { page } = await harness().newPage();
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await page.waitForURL(/#\/enterPassword\//);
  const field = page.getByLabel('Password', { exact: true });
  await field.waitFor();
  return { page, partner, callback, field, toggle: page.getByRole('button', { name: 'Show password' }) };
}

/** The field's type, value and selection, and whether it has the focus. */
const stateOf = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => ({
    type: input.type,
    value: input.value,
    selection: [input.selectionStart, input.selectionEnd],
    focused: document.activeElement === input,
  }));

const focusedId = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);

describe('password fields people can type', () => {
  it('the sign-in password: a click shows it with focus and caret kept, the sign-in goes on hidden', async () => {
    const { page, partner, callback, field, toggle } = await toPasswordPage(demo.ada.email);
    // Password managers still find the field they know.
    expect(await field.getAttribute('autocomplete')).toBe('current-password');
    expect(await toggle.getAttribute('type')).toBe('button');
    expect(await toggle.getAttribute('aria-controls')).toBe(await field.getAttribute('id'));
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    await field.pressSequentially('Violet-Harbor-4');
    await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 13));
    await toggle.click();
    expect(await stateOf(field)).toEqual({
      type: 'text',
      value: 'Violet-Harbor-4',
      selection: [7, 13],
      focused: true,
    });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'password shown');
    // Typing goes on where the caret was.
    await field.press('End');
    await page.keyboard.type('7');
    await toggle.click();
    expect(await stateOf(field)).toEqual({
      type: 'password',
      value: 'Violet-Harbor-47',
      selection: [16, 16],
      focused: true,
    });
    await toggle.click();
    expect((await stateOf(field)).type).toBe('text');
    // Enter with the password showing: it is a password again as the form goes.
    const typeAtSubmit = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener(
            'submit',
            () => resolve((document.getElementById('password') as HTMLInputElement).type),
            { once: true },
          ),
        ),
    );
    await field.press('Enter');
    expect(await typeAtSubmit).toBe('password');
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  it('from the keyboard the focus stays on the toggle, and a refused password comes back hidden', async () => {
    const { page, field, toggle } = await toPasswordPage(demo.ada.email);
    await field.fill('Not-The-Password-1');
    await field.press('ArrowLeft');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('Show password');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await focusedId(page)).toBe('Show password');
    expect(await stateOf(field)).toMatchObject({ type: 'text', selection: [17, 17] });
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.locator('#password-error').textContent()).toMatch(/do not match/);
    expect(await field.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('Caps Lock on while the field has the focus: a note tied to the field, gone when it is off', async () => {
    const { page, field } = await toPasswordPage(demo.ada.email);
    const note = page.locator('#password-caps-lock');
    expect(await note.getAttribute('role')).toBe('status');
    await field.pressSequentially('ab');
    expect(await note.textContent()).toBe('');
    // Headless Chromium has no keyboard lock to turn on: neither Playwright's CapsLock nor the DevTools
    // protocol's modifiers (Alt, Ctrl, Meta, Shift only) reach getModifierState('CapsLock'), so the key
    // a user types with the lock on is a KeyboardEvent carrying it, dispatched in the page.
    const typeWithCapsLock = (key: string) =>
      field.evaluate((input, typed) => {
        for (const type of ['keydown', 'keyup'])
          input.dispatchEvent(new KeyboardEvent(type, { key: typed, bubbles: true, modifierCapsLock: true }));
      }, key);
    await typeWithCapsLock('C');
    await expect.poll(() => note.textContent()).toBe('Caps Lock is on');
    expect(await note.isVisible()).toBe(true);
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain('password-caps-lock');
    await expectAccessible(page, 'Caps Lock note');
    // More keys with the lock on change nothing the live region would announce again.
    await note.evaluate((region) => {
      const changes = { count: 0 };
      (globalThis as unknown as { capsNoteChanges: typeof changes }).capsNoteChanges = changes;
      new MutationObserver((records) => {
        changes.count += records.length;
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await typeWithCapsLock('D');
    await typeWithCapsLock('E');
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { capsNoteChanges: { count: number } }).capsNoteChanges.count,
      ),
    ).toBe(0);
    // The field loses the focus: the note goes.
    await page.keyboard.press('Tab');
    await expect.poll(() => note.textContent()).toBe('');
    await field.focus();
    await typeWithCapsLock('F');
    await expect.poll(() => note.textContent()).toBe('Caps Lock is on');
    // A key Chromium itself sends, with the lock off, takes it away.
    await page.keyboard.type('g');
    await expect.poll(() => note.textContent()).toBe('');
    expect(await field.getAttribute('aria-describedby')).toBeNull();
  });

  it('forced colours draw the toggle and its pressed state', async () => {
    const { page, toggle } = await toPasswordPage(demo.ada.email);
    await page.emulateMedia({ forcedColors: 'active' });
    const look = () =>
      toggle.evaluate((button) => {
        const style = getComputedStyle(button);
        return { border: style.borderTopWidth, edge: style.borderTopColor, fill: style.backgroundColor };
      });
    const off = await look();
    expect(off.border).toBe('1px');
    expect(off.edge).not.toBe(off.fill);
    await toggle.click();
    const on = await look();
    expect(on.fill).not.toBe(off.fill);
  });

  it('the reset form: each new-password field has its own toggle, and the form still saves', async () => {
    const { page } = await toPasswordPage('reset@example.com');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/sendEmailSuccess/);
    const mail = await newestOutboxText(harness().origin, 'reset@example.com');
    await page.goto(/open (\S+)/.exec(mail)?.[1] ?? '');
    const fresh = page.getByLabel('New password', { exact: true });
    const retype = page.getByLabel('Confirm new password', { exact: true });
    await fresh.fill('Lantern-Pier-58');
    await retype.fill('Lantern-Pier-58');
    const toggles = page.getByRole('button', { name: 'Show password' });
    expect(await toggles.count()).toBe(2);
    expect(await toggles.nth(0).getAttribute('aria-controls')).toBe(await fresh.getAttribute('id'));
    expect(await toggles.nth(1).getAttribute('aria-controls')).toBe(await retype.getAttribute('id'));
    expect(await fresh.getAttribute('autocomplete')).toBe('new-password');
    await toggles.nth(1).click();
    expect(await retype.getAttribute('type')).toBe('text');
    expect(await fresh.getAttribute('type')).toBe('password');
    await expectAccessible(page, 'new password shown');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/resetComplete$/);
  });
});
