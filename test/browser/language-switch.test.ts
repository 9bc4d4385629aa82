import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, field, fillAddress, mountainView, onEditor, signInAs } from './emergency.helpers.ts';
import { createPartner, harnessPerFile, newestOutboxText } from './harness.ts';

const harness = harnessPerFile();

/** The footer's selector: a button named by its label and the language in force. */
const selector = (page: Page, label = 'Language') =>
  page.getByRole('button', { name: new RegExp(`^${label} `) });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const pageLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** Set before a switch: still there after it proves the page did not reload. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { samePage: true }));
const samePage = (page: Page) => page.evaluate(() => 'samePage' in window);

/** Opens the list from the focused selector with Enter and picks the language whose name starts with `letter`. */
async function pickByKeyboard(page: Page, letter: string, name: string) {
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.press(letter);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
  await page.keyboard.press('Enter');
}

describe('the language selector changes the language only when asked, in place (WCAG 3.2.2)', () => {
  it('credential page: arrow keys switch nothing; a picked language keeps the typed text and the focus', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    await page.goto(partner.authorizationUrl.href);
    const credential = page.getByLabel('Email or phone number', { exact: true });
    await credential.fill('ada@exa');
    await markPage(page);
    // Tab from the field to the selector, as a keyboard user gets there.
    const language = selector(page);
    for (let tabs = 0; tabs < 30 && !(await isFocused(language)); tabs++) await page.keyboard.press('Tab');
    expect(await isFocused(language)).toBe(true);

    // On the button, the arrow keys do nothing; in the open list they only move the focus.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: 'Language' }).waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    expect(await pageLang(page)).toBe('en-US');
    // Escape leaves it as it was, the focus back on the button.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await isFocused(language)).toBe(true);
    expect(await pageLang(page)).toBe('en-US');
    expect(await credential.inputValue()).toBe('ada@exa');

    await pickByKeyboard(page, 'd', 'Deutsch');
    await page.getByRole('heading', { name: 'Anmelden', exact: true }).first().waitFor();
    expect(await pageLang(page)).toBe('de-DE');
    expect(await page.getByLabel('E-Mail-Adresse oder Telefonnummer', { exact: true }).inputValue()).toBe(
      'ada@exa',
    );
    expect(await isFocused(selector(page, 'Sprache'))).toBe(true);
    expect(await samePage(page)).toBe(true);
    // A reload would keep the choice; the route stays in the hash.
    const url = new URL(page.url());
    expect([url.searchParams.get('localeId'), url.searchParams.has('ui_locales'), url.hash]).toEqual([
      'de_DE',
      false,
      '#/enterCredential',
    ]);
  });

  it('e911@: on the emergency address form a switch keeps the step and the typed street; consent never comes back', async () => {
    const { page } = await signInAs(harness(), 'e911@example.com');
    await onEditor(page);
    await fillAddress(page, { 'Street address': mountainView['Street address'] });
    await markPage(page);
    await selector(page).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect.poll(() => pageLang(page)).toBe('de-DE');
    expect(page.url()).toMatch(/#\/emergencyAddress\/edit$/);
    expect(await samePage(page)).toBe(true);
    expect(await isFocused(selector(page, 'Sprache'))).toBe(true);
    expect(
      await page
        .locator('[data-screen="emergencyEditor"] input')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toContain(mountainView['Street address']);
    // Still the editor, in German, with its fields: the flow goes on from here.
    await page.locator('[data-screen="emergencyEditor"] form:not([aria-busy="true"])').waitFor();
    expect(await button(page, 'Verify address').count()).toBe(0);
    expect(await field(page, 'Street address').count()).toBe(0);
  });

  it('mfa@: switched on the two-factor page, the code the server sends is worded in the new language', async () => {
    const { page } = await signInAs(harness(), 'mfa@example.com');
    await page.waitForURL(/#\/twoFactor\/options$/);
    await markPage(page);
    await selector(page).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect.poll(() => pageLang(page)).toBe('de-DE');
    expect(await samePage(page)).toBe(true);
    await page.getByRole('button', { name: /^Per E-Mail/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    await expect
      .poll(() => newestOutboxText(harness().origin, 'mfa@example.com'))
      .toMatch(/-Sicherheitscode lautet \d{6}\. Er ist \d+ Minuten lang gültig\./);
  });
});
