import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
  newestOutboxText,
  settledScreen,
} from './harness.ts';

/**
 * The reference identity provider's real failures coming back to the SPA (docs/notices.md "SSO
 * notices"), and the login option page (docs/notices.md "Login option"), in a real Chromium against
 * the real server.
 */
const harness = harnessPerFile();
const password = 'Violet-Harbor-47';

/** The partner's authorisation URL with extra parameters, opened in a new browser (a phone when asked). */
async function openWith(extra: Record<string, string> = {}, mobile = false) {
  const partner = await createPartner(harness().origin);
  for (const [key, value] of Object.entries(extra)) partner.authorizationUrl.searchParams.set(key, value);
  const { context, page } = await harness().newPage(mobile ? iPhone : {});
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await settledScreen(page).waitFor();
  return { context, page, partner, callback };
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true });
const message = (page: Page) => page.getByTestId('sso-outcome-message');
const brandOf = (page: Page) => page.locator('[data-brand]').first().getAttribute('data-brand');

async function signInAtProvider(page: Page, email: string, secret = password) {
  // The provider's own page, or its answer to a refused password (a POST, no query).
  await page.waitForURL(/\/idp\/sign-in(\?|$)/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await button(page, 'Sign in').click();
}

/** The SSO page's work email, then the identity provider. */
async function startSso(page: Page, email: string) {
  await page.waitForURL(/#\/ssoLogin$/);
  await page.getByLabel('Work email').fill(email);
  await button(page, 'Continue').click();
}

async function onOutcome(page: Page, hash: string) {
  await page.waitForURL((url) => url.hash === hash);
  await page.locator('[data-screen="ssoOutcome"]').waitFor();
}

describe('the identity provider returns its failures to the SPA', () => {
  it('another SSO account than the email typed: the mismatch page, then Try again signs in', async () => {
    const { page, partner, callback } = await openWith({ prompt: 'sso' });
    await startSso(page, 'sso@example.com');
    // A wrong password stays at the provider, where the person can try again.
    await signInAtProvider(page, 'ssoonly@example.com', 'not-the-password-1');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('do not match');
    await signInAtProvider(page, 'ssoonly@example.com');
    await onOutcome(page, '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com');
    expect(await message(page).textContent()).toBe(
      'You are signed in to your identity provider as ssoonly@example.com, not sso@example.com. Sign out of your identity provider, then try again.',
    );
    expect(await page.title()).toBe("You're signed in with another account");
    await expectAccessible(page, 'identity-provider mismatch, brand 1210');
    // A reload keeps the page.
    await page.reload();
    await onOutcome(page, '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com');
    await button(page, 'Try again').click();
    await page.waitForURL(/#\/ssoLogin$/);
    await expect.poll(() => page.getByLabel('Work email').inputValue()).toBe('sso@example.com');
    await button(page, 'Continue').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('sso@example.com');
    await signInAtProvider(page, 'sso@example.com');
    await page.waitForURL(/#\/consent$/);
    await button(page, AUTHORIZE).click();
    const tokens = await partner.exchange(await callback());
    expect(tokens.access_token).toBeTruthy();
  });

  it('an account not set up for single sign-on (501): the notice; Back to sign in', async () => {
    // Kerberos skips the SSO page's availability check, so the provider itself meets the account.
    const { page } = await openWith({ ui_options: 'kerberos' });
    await button(page, 'Sign in with SSO').click();
    await signInAtProvider(page, demo.ada.email);
    await onOutcome(page, '#/notification/sso/API_ERROR_501');
    expect(await message(page).textContent()).toContain("Single sign-on isn't available for this account");
    await expectAccessible(page, 'SSO notice 501, brand 1210');
    await button(page, 'Back to sign in').click();
    await page.waitForURL(/#\/enterCredential$/);
  });

  it('"Don\'t allow" at Google: the notice; Try again returns to Google', async () => {
    const { page } = await openWith();
    await button(page, 'Continue with Google').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await button(page, "Don't allow").click();
    await onOutcome(page, '#/notification/google/SSO_ACCESS_DENIED');
    expect(await message(page).textContent()).toContain('access was not allowed');
    expect(await page.title()).toBe("You're not signed in with Google");
    await button(page, 'Try again').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Sign in with Google');
  });

  it('"Don\'t allow" in the Google popup: the page that opened it shows the notice', async () => {
    const { context, page } = await openWith({ ui_options: 'external_popup' });
    const popupOpened = context.waitForEvent('page');
    await button(page, 'Continue with Google').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/idp\/sign-in\?/);
    await button(popup, "Don't allow").click();
    await onOutcome(page, '#/notification/google/SSO_ACCESS_DENIED');
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  it('Apple with a hidden email: the notice', async () => {
    const { page } = await openWith();
    await button(page, 'Continue with Apple').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await page.getByLabel('Hide my address').check();
    await signInAtProvider(page, demo.ada.email);
    await onOutcome(page, '#/notification/apple/APPLE_HIDDEN_EMAIL');
    expect(await message(page).textContent()).toContain('hides your email');
  });

  // Each brand offers its own entrances: 1210 all three, 7710 SSO and Apple, 7310 Google only.
  for (const [brandId, entrance] of [
    ['1210', 'Continue with Google'],
    ['7710', 'Continue with Apple'],
    ['7310', 'Continue with Google'],
  ] as const) {
    for (const mobile of [false, true]) {
      it(`the notice in brand ${brandId}'s frame${mobile ? ' on a phone' : ''} is axe-clean`, async () => {
        const { page } = await openWith({ brand_id: brandId }, mobile);
        await button(page, entrance).click();
        await page.waitForURL(/\/idp\/sign-in\?/);
        await button(page, "Don't allow").click();
        await page.waitForURL(/#\/notification\/(google|apple)\/SSO_ACCESS_DENIED$/);
        await page.locator('[data-screen="ssoOutcome"]').waitFor();
        expect(await brandOf(page)).toBe(brandId);
        await expectAccessible(page, `SSO notice, brand ${brandId}${mobile ? ', phone' : ''}`);
      });
    }
  }

  for (const mobile of [false, true]) {
    it(`the mismatch page in brand 7710's frame${mobile ? ' on a phone' : ''} is axe-clean`, async () => {
      const { page } = await openWith({ brand_id: '7710', prompt: 'sso' }, mobile);
      await startSso(page, 'sso@example.com');
      await signInAtProvider(page, 'ssoonly@example.com');
      await onOutcome(page, '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com');
      expect(await brandOf(page)).toBe('7710');
      await expectAccessible(page, `mismatch, brand 7710${mobile ? ', phone' : ''}`);
    });
  }

  // 7310 has no single sign-on to mismatch, yet its address opens the page in any brand's frame.
  for (const brandId of ['1210', '7310']) {
    for (const mobile of [false, true]) {
      it(`the mismatch page opened by its address in brand ${brandId}'s frame${mobile ? ' on a phone' : ''} is axe-clean`, async () => {
        const { page } = await harness().newPage(mobile ? iPhone : {});
        const hash = '#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com';
        await page.goto(`${harness().origin}/?clientId=demo-app&brandId=${brandId}${hash}`);
        await onOutcome(page, hash);
        expect(await brandOf(page)).toBe(brandId);
        expect(await message(page).textContent()).toContain('ssoonly@example.com');
        await expectAccessible(page, `mismatch, brand ${brandId}${mobile ? ', phone' : ''}`);
      });
    }
  }
});

describe('the login option page', () => {
  async function toOptions(email: string, extra: Record<string, string> = {}, mobile = false) {
    const opened = await openWith(extra, mobile);
    await enterCredential(opened.page, email);
    await opened.page.waitForURL(/#\/loginOption$/);
    await opened.page.locator('[data-screen="loginOption"]').waitFor();
    return opened;
  }

  it('options@: Use my password signs in with the password', async () => {
    const { page, partner, callback } = await toOptions('options@example.com');
    expect(await page.title()).toBe('How do you want to sign in?');
    await button(page, 'Use my password').click();
    await page.waitForURL(/#\/enterPassword\/email\/options%40example\.com$/);
    await enterPassword(page, password);
    await page.waitForURL(/#\/consent$/);
    await button(page, AUTHORIZE).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  it('options@: single sign-on goes to the identity provider with the email, then to consent', async () => {
    const { page } = await toOptions('options@example.com');
    await button(page, 'Sign in with single sign-on').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('options@example.com');
    await signInAtProvider(page, 'options@example.com');
    await page.waitForURL(/#\/consent$/);
  });

  it('options@: an emailed sign-in link goes to the outbox', async () => {
    const { page } = await toOptions('options@example.com');
    const before = await newestOutboxText(harness().origin, 'options@example.com');
    await button(page, 'Email me a sign-in link').click();
    await page.waitForURL(/#\/expressLink$/);
    await button(page, 'Send link').click();
    await page.waitForURL(/#\/expressLink\/sent$/);
    await expect
      .poll(() => newestOutboxText(harness().origin, 'options@example.com'))
      .toMatch(/#\/expressLink\/[A-Za-z0-9_-]+/);
    expect(await newestOutboxText(harness().origin, 'options@example.com')).not.toBe(before);
  });

  it('an account with one way goes straight to its password page, as before', async () => {
    const { page } = await openWith();
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
  });

  // Brand 7310 has no single sign-on, so none of its accounts has a choice to make there.
  for (const [brandId, email] of [
    ['1210', 'options@example.com'],
    ['7710', 'options@example.co.uk'],
  ] as const) {
    for (const mobile of [false, true]) {
      it(`in brand ${brandId}'s frame${mobile ? ' on a phone' : ''} it is axe-clean`, async () => {
        const { page } = await toOptions(email, { brand_id: brandId }, mobile);
        expect(await brandOf(page)).toBe(brandId);
        await expectAccessible(page, `login option, brand ${brandId}${mobile ? ', phone' : ''}`);
      });
    }
  }
});
