import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillAddress, mountainView, onConfirm, onEditor, onScreen } from './emergency.helpers.ts';
import { AUTHORIZE, createPartner, demo, enterCredential, enterPassword, harnessPerFile } from './harness.ts';
import { addPlatformAuthenticator } from './passkeys.helpers.ts';
import { languageListIssues, pasteInto, tour, zoomedDesktop } from './wcag.helpers.ts';

/**
 * WCAG 2.2 AA beyond axe on the sign-in path's page families (docs/accessibility.md has the table of
 * criteria, checks and pages): each page at 400 % and 200 % zoom, with the text-spacing style sheet,
 * Tab through every control; its fields' autocomplete tokens and paste; its title; its footer.
 * test/browser/wcag-pages.test.ts covers the other families.
 */
const harness = harnessPerFile();

/** The partner's authorize request in a zoomed desktop browser (extra parameters on the request). */
async function open(params: Record<string, string> = {}) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage(zoomedDesktop);
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return { page };
}

/** The credential, the password and consent, without auditing them (tested in the first test). */
async function toConsentAndAuthorize(page: Page, email: string) {
  await enterCredential(page, email);
  await enterPassword(page, demo.ada.password);
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: AUTHORIZE }).click();
}

describe('WCAG 2.2 AA on the sign-in path', () => {
  it('credential, phishing notice, password, consent, automation notice; the language list; a keyboard paste', async () => {
    const { page } = await open({ loginAutomation: '1', prompt: 'login' });
    const pages = tour(page);
    await pages.visit('credential', { credential: 'username' });
    const languageList = await languageListIssues(page);
    await page.getByRole('button', { name: 'Protect yourself from phishing' }).click();
    await page.getByRole('dialog').waitFor();
    await pages.visit('phishing notice dialog', { credential: 'username' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await pasteInto(page, 'input[name="credential"]', demo.ada.email)).toBe(demo.ada.email);
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    await pages.visit('password', { password: 'current-password' });
    expect(await pasteInto(page, 'input[name="password"]', demo.ada.password)).toBe(demo.ada.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/#\/consent$/);
    await pages.visit('consent');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/loginAutomationNotification$/);
    await pages.visit('login automation notification');
    expect(languageList).toEqual([]);
    pages.expectClean();
  });

  it('mfa@: the two-factor options and the code entry', async () => {
    const { page } = await open();
    await toConsentAndAuthorize(page, 'mfa@example.com');
    await page.waitForURL(/#\/twoFactor\/options$/);
    const pages = tour(page);
    await pages.visit('two-factor options');
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email/);
    await pages.visit('two-factor code', { code: 'one-time-code' });
    expect(await pasteInto(page, 'input[name="code"]', '123 456')).toMatch(/^123 ?456$/);
    pages.expectClean();
  });

  it('totpsetup@: the authenticator setup', async () => {
    const { page } = await open();
    await toConsentAndAuthorize(page, 'totpsetup@example.com');
    await page.waitForURL(/#\/twoFactor\/setupAuthentication$/);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.waitFor();
    const pages = tour(page);
    await pages.visit('authenticator setup: the key');
    await next.click();
    await page.locator('input[name="code"]').waitFor();
    await pages.visit('authenticator setup: its code', { code: 'one-time-code' });
    pages.expectClean();
  });

  it('e911@: the emergency address form (at home, then abroad in Ireland), its confirmation, saved', async () => {
    const { page } = await open();
    await toConsentAndAuthorize(page, 'e911@example.com');
    await onEditor(page);
    const pages = tour(page);
    await pages.visit('emergency address form', {
      customerName: 'name',
      street: 'address-line1',
      street2: 'address-line2',
      city: 'address-level2',
      state: 'address-level1',
      zip: 'postal-code',
    });
    expect(await pasteInto(page, 'input[name="street"]', mountainView['Street address'])).toBe(
      mountainView['Street address'],
    );
    // Abroad: the disclaimer, then the form with its country list, in a country with a third level.
    await page.getByRole('button', { name: /^I'm outside/ }).click();
    await onScreen(page, /#\/emergencyAddress\/outOfCountry$/, 'emergencyOutOfCountry');
    await pages.visit('emergency address abroad');
    await page.getByRole('button', { name: 'I Accept', exact: true }).click();
    await onEditor(page);
    await page.locator('select[name="country"]').selectOption({ label: 'Ireland' });
    await page.locator('input[name="suburb"]').waitFor();
    await pages.visit('emergency address form, Ireland', {
      country: 'country',
      customerName: 'name',
      street: 'address-line1',
      street2: 'address-line2',
      suburb: 'address-level3',
      city: 'address-level2',
      state: 'address-level1',
      zip: 'postal-code',
    });
    await page.locator('select[name="country"]').selectOption({ label: 'United States' });
    await page.locator('select[name="state"]').waitFor();
    await fillAddress(page, mountainView);
    await page.getByRole('button', { name: 'Verify address', exact: true }).click();
    await onConfirm(page);
    await pages.visit('emergency address confirmation');
    await page.getByRole('button', { name: 'Use this address' }).click();
    await onScreen(page, /#\/emergencyAddress\/saved$/, 'emergencySaved');
    await pages.visit('emergency address saved');
    pages.expectClean();
  });

  it('notices7710@ on brand 7710: its footer with Contact and Feedback on every page, and both notices', async () => {
    const { page } = await open({ brand_id: '7710' });
    const pages = tour(page);
    await pages.visit('credential (7710)', { credential: 'username' });
    await enterCredential(page, 'notices7710@example.com');
    await page.waitForURL(/#\/enterPassword\//);
    await pages.visit('password (7710)', { password: 'current-password' });
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    await pages.visit('consent (7710)');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.locator('[data-screen="fedrampNotice"]').waitFor();
    await pages.visit('FedRAMP notice (7710)');
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.locator('[data-screen="termsOfService"] input[type="checkbox"]').waitFor();
    await pages.visit('terms of service (7710)');
    pages.expectClean();
    // The brand's help (its contact and feedback pages) is in the footer of every one of them.
    const footer = pages.records[0]?.footer.join(' ') ?? '';
    expect(footer).toMatch(/link \S+contact/i);
    expect(footer).toMatch(/link \S+feedback/i);
  });

  it('the account picker, the passkey offer and list, the picker signed in, signed out', async () => {
    const remembered = [{ loginId: demo.ada.email, displayName: 'Ada Fairweather', brandId: '1210' }];
    const partner = await createPartner(harness().origin);
    const { page, context } = await harness().newPage(zoomedDesktop, { passkeys: true });
    await addPlatformAuthenticator(context, page);
    await page.addInitScript((value) => {
      // The first visit's remembered account; later loads keep what the app itself stored.
      if (location.protocol.startsWith('http') && !localStorage.getItem('foyer.accounts'))
        localStorage.setItem('foyer.accounts', value);
    }, JSON.stringify(remembered));
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/selectAccount$/);
    await page.getByRole('button', { name: /^Ada Fairweather/ }).waitFor();
    const pages = tour(page);
    await pages.visit('account picker');
    await page.getByRole('button', { name: /^Ada Fairweather/ }).click();
    await page.waitForURL(/#\/enterPassword\//);
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/passkeys\/offer$/);
    await pages.visit('passkey offer');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/#\/passkeys$/);
    await page.locator('[data-screen="passkeyList"] li').first().waitFor();
    await pages.visit('passkey list');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/consent$/);
    const choose = new URL(partner.authorizationUrl);
    choose.searchParams.set('prompt', 'select_account');
    await page.goto(choose.href);
    await page.waitForURL(/#\/selectAccount$/);
    await page.getByRole('button', { name: 'Sign out of all accounts' }).waitFor();
    await pages.visit('account picker, signed in');
    await page.getByRole('button', { name: 'Sign out of all accounts' }).click();
    await page.waitForURL(/#\/signedOut$/);
    await pages.visit('signed out');
    pages.expectClean();
  });
});
