import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillAddress, mountainView, onConfirm, onEditor } from './emergency.helpers.ts';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  harnessPerFile,
  holdRequests,
  newestOutboxText,
} from './harness.ts';
import { addPlatformAuthenticator, approveConsent } from './passkeys.helpers.ts';

/**
 * WCAG 2.4.3 focus order: arriving at a page puts the focus on its h1 (or, on a page for typing, its
 * first field), never on <body>; a pressed control that disables or removes itself hands the focus to
 * a neighbour first (views/RouteFocus.ts and the controls' own handlers).
 */
const harness = harnessPerFile();
const password = demo.ada.password;

/** Where the focus is: the page's h1, a field of the page, <body>, or anything else (its start). */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active === document.querySelector('main h1')) return `h1: ${active.textContent}`;
    if (active.matches('main input')) return `field: ${active.id}`;
    return active.outerHTML.slice(0, 80);
  });

/** The focus settles on the page's own h1, named `heading` (the page has arrived, not the one before). */
async function expectHeadingFocused(page: Page, heading: RegExp = /./) {
  await expect.poll(() => focusOf(page)).toMatch(/^h1: /);
  expect((await focusOf(page)).slice('h1: '.length)).toMatch(heading);
}

/**
 * Records, every frame until the page named by `screen` goes, whether the focus was ever on <body>
 * while it showed: a control that disabled or removed itself would leave it there for the whole call.
 */
async function watchBodyFocus(page: Page, screen: string) {
  await page.evaluate((name) => {
    const record = { body: 0, frames: 0 };
    (globalThis as unknown as { focusRecord: typeof record }).focusRecord = record;
    const sample = () => {
      if (!document.querySelector(`[data-screen="${name}"]`)) return;
      record.frames += 1;
      if (document.activeElement === document.body) record.body += 1;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, screen);
  return () =>
    page.evaluate(() => (globalThis as unknown as { focusRecord: { body: number } }).focusRecord.body);
}

async function toConsent(page: Page, email: string) {
  const partner = await createPartner(harness().origin);
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await enterPassword(page, password);
  await page.waitForURL(/#\/consent$/);
  await expectHeadingFocused(page);
  return { partner, callback };
}

describe('focus order (WCAG 2.4.3) in the browser', () => {
  it('a clicked Next waits with the focus on it, and clicks and Enter meanwhile send nothing more', async () => {
    const { page } = await harness().newPage();
    const partner = await createPartner(harness().origin);
    await page.goto(partner.authorizationUrl.href);
    await page.getByLabel('Email or phone number').fill(demo.ada.email);
    const release = await holdRequests(page, '**/api/login-info**');
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/login-info')) lookups += 1;
    });
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect.poll(() => next.getAttribute('aria-disabled')).toBe('true');
    const waiting = await watchBodyFocus(page, 'enterCredential');
    // Pressed again (the loading overlay covers it from the pointer, so the click is the button's own)
    // and Enter on it: neither sends the credential a second time.
    await next.dispatchEvent('click');
    await page.keyboard.press('Enter');
    expect(await focusOf(page)).toMatch(/^<button type="submit"/);
    release();
    await page.waitForURL(/#\/enterPassword\/email\//);
    expect(await waiting()).toBe(0);
    expect(lookups).toBe(1);
    await expect.poll(() => focusOf(page)).toBe('field: password');
  });

  it("ada on a passkey device: the offer, its Create, consent, the picker and a row's Remove, then her passkey", async () => {
    const { context, page } = await harness().newPage({}, { passkeys: true });
    await addPlatformAuthenticator(context, page);
    const partner = await createPartner(harness().origin);
    const callback = await partner.captureCallback(page);
    await page.goto(partner.authorizationUrl.href);
    await expect.poll(() => focusOf(page)).toBe('field: credential');
    await enterCredential(page, demo.ada.email);
    await expect.poll(() => focusOf(page)).toBe('field: password');
    await enterPassword(page, password);
    await page.waitForURL(/#\/passkeys\/offer$/);
    await expectHeadingFocused(page, /passkey/i);

    const offerBody = await watchBodyFocus(page, 'passkeyOffer');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/#\/passkeys$/);
    expect(await offerBody()).toBe(0);
    await expectHeadingFocused(page, /passkey/i);
    await page.getByRole('button', { name: 'Continue' }).click();
    await approveConsent(page);
    expect(await callback()).toBeTruthy();

    // The same browser, signed in: the picker, then Remove, which takes its row (and signs it out).
    const choose = new URL(partner.authorizationUrl);
    choose.searchParams.set('prompt', 'select_account');
    await page.goto(choose.href);
    await page.waitForURL(/#\/selectAccount$/);
    await expectHeadingFocused(page, /account/i);
    const pickerBody = await watchBodyFocus(page, 'selectAccount');
    await page.getByRole('button', { name: /^Remove / }).click();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await pickerBody()).toBe(0);
    await expect.poll(() => focusOf(page)).toBe('field: credential');

    // Signed out, the passkey made above: its button waits for the browser's steps and the server's
    // answer (held here) with the focus on it, as a disabled one would not, and nothing else is sent.
    const credentialBody = await watchBodyFocus(page, 'enterCredential');
    const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });
    const release = await holdRequests(page, '**/api/passkeys/authentication?**');
    const verifying = page.waitForRequest('**/api/passkeys/authentication?**');
    await withPasskey.click();
    await verifying;
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in with a passkey');
    expect(await withPasskey.getAttribute('aria-disabled')).toBe('true');
    release();
    await page.waitForURL(/#\/consent$/);
    expect(await credentialBody()).toBe(0);
    await expectHeadingFocused(page);
  });

  it('Authorize: while the code is requested the progress screen holds the focus, not <body>', async () => {
    const { page } = await harness().newPage();
    const { callback } = await toConsent(page, demo.ada.email);
    const release = await holdRequests(page, '**/api/post-authn/generate-code**');
    const requested = page.waitForRequest('**/api/post-authn/generate-code**');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await requested;
    const progress = page.locator('main [data-screen="progress"]');
    await progress.waitFor();
    expect(await progress.evaluate((section) => section === document.activeElement)).toBe(true);
    const waiting = await watchBodyFocus(page, 'progress');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await waiting()).toBe(0);
    release();
    expect(await callback()).toBeTruthy();
  });

  it('mfa@: consent, the two-factor options, then Send a new code keeps the focus in the page', async () => {
    // Its own browser: the resend wait (30 s) passes on the page's clock, not the test's.
    const { page } = await harness().newPage({}, { fresh: true });
    await page.clock.install();
    await toConsent(page, 'mfa@example.com');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/twoFactor\/options$/);
    await expectHeadingFocused(page);
    // The options are disabled while the code is sent: the pressed one hands the focus to the heading.
    const optionsBody = await watchBodyFocus(page, 'twoFactorOptions');
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email/);
    await expect.poll(() => focusOf(page)).toBe('field: code');
    expect(await optionsBody()).toBe(0);
    await page.clock.runFor(31_000);
    const resend = page.getByRole('button', { name: 'Send a new code' });
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.focus();
    await page.keyboard.press('Enter');
    // Sending, then the wait (or a refusal, the server's own 30 s being real time): either way, settled.
    await page.locator('[data-testid="resend-countdown"], #code-error:not(:empty)').first().waitFor();
    expect(await focusOf(page)).toBe('field: code');
  });

  it('totpsetup@: the authenticator setup page; its Next and Back hand the focus on, never to <body>', async () => {
    const { page } = await harness().newPage();
    await toConsent(page, 'totpsetup@example.com');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/twoFactor\/setupAuthentication$/);
    await expectHeadingFocused(page);
    const setupBody = await watchBodyFocus(page, 'twoFactorSetup');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const back = page.getByRole('button', { name: 'Show the QR code again' });
    // Next goes to the code step: its field; Back returns to the QR code: the heading. Mouse, then keys.
    await next.click();
    await expect.poll(() => focusOf(page)).toBe('field: code');
    await back.click();
    await expectHeadingFocused(page, /^Set up your authenticator app$/);
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusOf(page)).toBe('field: code');
    await back.focus();
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, /^Set up your authenticator app$/);
    expect(page.url()).toMatch(/#\/twoFactor\/setupAuthentication$/);
    expect(await setupBody()).toBe(0);
  });

  it('e911@: the emergency form and its confirmation', async () => {
    const { page } = await harness().newPage();
    await toConsent(page, 'e911@example.com');
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await onEditor(page);
    await expectHeadingFocused(page);
    await fillAddress(page, mountainView);
    await page.getByRole('button', { name: 'Verify address', exact: true }).click();
    await onConfirm(page);
    await expectHeadingFocused(page);
  });

  it("reset@: 'Check your email', then 'Your password has been reset'", async () => {
    const { page } = await harness().newPage();
    const partner = await createPartner(harness().origin);
    await page.goto(partner.authorizationUrl.href);
    await enterCredential(page, 'reset@example.com');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.waitForURL(/#\/resetPassword\/email\//);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/#\/resetPassword\/sendEmailSuccess\//);
    await expectHeadingFocused(page, /^Check your email$/);
    const text = await newestOutboxText(harness().origin, 'reset@example.com');
    await page.goto(/open (\S+)/.exec(text)?.[1] ?? '');
    await expect.poll(() => focusOf(page)).toBe('field: password');
    const fresh = 'Lantern-Pier-58';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/resetComplete$/);
    await expectHeadingFocused(page, /^Your password has been reset$/);
  });
});
