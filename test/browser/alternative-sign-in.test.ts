import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  expectAccessible,
  harnessPerFile,
  settledScreen,
} from './harness.ts';

const harness = harnessPerFile();
const sso = { email: 'sso@example.com', password: 'Violet-Harbor-47' };

/** The partner's authorisation URL with extra parameters (ui_options, prompt, …) as a partner adds them. */
async function openWith(extra: Record<string, string> = {}) {
  const partner = await createPartner(harness().origin);
  for (const [key, value] of Object.entries(extra)) partner.authorizationUrl.searchParams.set(key, value);
  const { context, page } = await harness().newPage();
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await settledScreen(page).waitFor();
  return { context, page, partner, callback };
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true });

async function signInAtProvider(page: Page, email: string, password: string) {
  await page.waitForURL(/\/idp\/sign-in\?/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await button(page, 'Sign in').click();
}

describe('alternative sign-in (spec §2, §6, §7)', () => {
  it('the credential page offers SSO, Google and Apple for brand 1210, each hidden by its ui_options token', async () => {
    const { page } = await openWith();
    for (const name of ['Sign in with SSO', 'Continue with Google', 'Continue with Apple'])
      await expect.poll(() => button(page, name).count(), { message: name }).toBe(1);
    await expectAccessible(page, 'credential page with alternative sign-in');

    const hidden = await openWith({ ui_options: 'hide_sso hide_google_id' });
    await expect.poll(() => button(hidden.page, 'Continue with Apple').count()).toBe(1);
    expect(await button(hidden.page, 'Sign in with SSO').count()).toBe(0);
    expect(await button(hidden.page, 'Continue with Google').count()).toBe(0);

    const none = await openWith({ ui_options: 'hide_apple_id hide_sso hide_google_id' });
    expect(await none.page.getByTestId('alternative-sign-in').count()).toBe(0);
  });

  it("Google and Apple show their marks: decorative, drawn, kept under forced colours, the target's size kept", async () => {
    const { page } = await openWith();
    for (const forcedColors of ['none', 'active'] as const) {
      await page.emulateMedia({ forcedColors });
      for (const name of ['Continue with Google', 'Continue with Apple']) {
        // The exact accessible name proves the mark adds nothing to it.
        const provider = button(page, name);
        await provider.waitFor();
        const mark = provider.locator('img');
        expect(await mark.getAttribute('alt'), name).toBe('');
        await expect
          .poll(() => mark.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        const [markBox, buttonBox] = [await mark.boundingBox(), await provider.boundingBox()];
        expect(markBox?.width, name).toBe(20);
        expect(markBox?.height, name).toBe(20);
        expect(buttonBox?.height ?? 0, name).toBeGreaterThanOrEqual(24);
        // A white disc under the mark: the pixel at its edge is white whatever the theme paints around it.
        const edge = await mark.evaluate(async (image: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 20;
          const context = canvas.getContext('2d');
          context?.drawImage(image, 0, 0, 20, 20);
          return [...(context?.getImageData(10, 1, 1, 1).data ?? [])];
        });
        expect(edge, name).toEqual([255, 255, 255, 255]);
      }
    }
    expect(await button(page, 'Sign in with SSO').locator('img').count()).toBe(0);
  });

  it('SSO: /ssoLogin, the identity provider, then consent and a code the partner exchanges', async () => {
    const { page, partner, callback } = await openWith();
    await enterCredential(page, 'not-an-sso-user');
    await button(page, 'Sign in with SSO').click();
    await page.waitForURL(/#\/ssoLogin$/);
    await expectAccessible(page, 'SSO page');
    // An account that signs in with a password is told so, in place.
    await page.getByLabel('Work email').fill(demo.ada.email);
    await button(page, 'Continue').click();
    await expect.poll(() => page.getByText('Single sign-on is not enabled for your account').count()).toBe(1);
    await page.getByLabel('Work email').fill(sso.email);
    await button(page, 'Continue').click();
    await signInAtProvider(page, sso.email, sso.password);
    await page.waitForURL(/#\/consent$/);
    await button(page, AUTHORIZE).click();
    const tokens = await partner.exchange(await callback());
    expect(tokens.access_token.split('.')).toHaveLength(3);
  });

  it('reload on /ssoLogin stays there with the email kept; back returns to the credential page', async () => {
    const { page } = await openWith();
    await enterCredential(page, sso.email);
    await page.waitForURL(/#\/enterPassword\//);
    await page.goBack();
    await page.waitForURL(/#\/enterCredential$/);
    await button(page, 'Sign in with SSO').click();
    await page.waitForURL(/#\/ssoLogin$/);
    await page.reload();
    await page.waitForURL(/#\/ssoLogin$/);
    await expect.poll(() => page.getByLabel('Work email').inputValue()).toBe(sso.email);
    await button(page, 'Back').click();
    await page.waitForURL(/#\/enterCredential$/);
  });

  it('the provider refuses another identity than the email the user started with', async () => {
    const { page } = await openWith({ prompt: 'sso' });
    // prompt=sso starts on the SSO page.
    await page.waitForURL(/#\/ssoLogin$/);
    await page.getByLabel('Work email').fill(sso.email);
    await button(page, 'Continue').click();
    await signInAtProvider(page, 'ssoonly@example.com', sso.password);
    // Back in the SPA on its mismatch page (docs/notices.md "SSO notices"; test/browser/sso-notices.test.ts).
    await page.waitForURL(/#\/error\/sso\/SSO_EMAIL_MISMATCH\/ssoonly%40example\.com$/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('as ssoonly@example.com, not sso@example.com');
  });

  it('Kerberos skips the email step; cancelling at the provider comes back to the credential page', async () => {
    const { page } = await openWith({ ui_options: 'kerberos' });
    await button(page, 'Sign in with SSO').click();
    await page.waitForURL(/\/idp\/sign-in\?/);
    await button(page, 'Cancel').click();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await settledScreen(page).getAttribute('data-screen')).toBe('enterCredential');
  });

  it('Apple navigates to the login dispatcher (externalBrowser=true with external_browser) and returns signed in', async () => {
    const { page } = await openWith({ external_browser: 'true' });
    const dispatched = page.waitForRequest(/\/mobile\/loginDispatcher\?/);
    await button(page, 'Continue with Apple').click();
    const url = new URL((await dispatched).url());
    expect(url.searchParams.get('selected_entrance')).toBe('apple');
    expect(url.searchParams.get('externalBrowser')).toBe('true');
    await signInAtProvider(page, demo.ada.email, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
  });

  it('Google with external_popup opens a 900 × 700 popup; signing in there moves this page to consent', async () => {
    const { context, page } = await openWith({ ui_options: 'external_popup' });
    const popupOpened = context.waitForEvent('page');
    await button(page, 'Continue with Google').click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([900, 700]);
    await signInAtProvider(popup, demo.ada.email, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  it('closing the Google popup without signing in returns to the credential page', async () => {
    const { context, page } = await openWith({ ui_options: 'external_popup' });
    const popupOpened = context.waitForEvent('page');
    await button(page, 'Continue with Google').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/idp\/sign-in\?/);
    await popup.close();
    await expect.poll(() => settledScreen(page).getAttribute('data-screen')).toBe('enterCredential');
  });
});

describe('show_sub_title=forgot_password', () => {
  it('the credential page says the user is here for a forgotten password', async () => {
    const { page } = await openWith({ show_sub_title: 'forgot_password' });
    await expect
      .poll(() => page.getByTestId('forgot-password-subtitle').textContent())
      .toContain('Forgot your password?');
    const plain = await openWith();
    expect(await plain.page.getByTestId('forgot-password-subtitle').count()).toBe(0);
  });
});
