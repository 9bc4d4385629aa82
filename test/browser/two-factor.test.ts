import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOTP_DEMO_SECRET } from '../../server/db/seed-data.ts';
import { codeIn, totpCode } from '../../server/two-factor/two-factor.testing.ts';
import {
  AUTHORIZE,
  createPartner,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
  newestOutboxText,
} from './harness.ts';

const harness = harnessPerFile();
const password = 'Violet-Harbor-47';

/** The newest code the embedded outbox holds for a recipient. */
const codeSentTo = async (to: string) => codeIn(await newestOutboxText(harness().origin, to));

/** An RFC 6238 code computed here (otpauth), independently of the server. */
const totpNow = (secret: string) => totpCode(secret, new Date());

/** Through the partner's authorize request, the password and consent, to the two-factor flow. */
async function signInAs(email: string, options: { mobile?: boolean; brandId?: string } = {}) {
  const partner = await createPartner(harness().origin);
  if (options.brandId) partner.authorizationUrl.searchParams.set('brand_id', options.brandId);
  const { page, context } = await harness().newPage(options.mobile ? iPhone : {});
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await enterPassword(page, password);
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: AUTHORIZE }).click();
  return { page, context, partner, callback };
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Security code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe('two-factor verification in the browser', () => {
  it('mfa@: options, a text message read from the outbox, a wrong then the right code, then the app gets its tokens', async () => {
    const { page, partner, callback } = await signInAs('mfa@example.com');
    await page.waitForURL(/#\/twoFactor\/options$/);
    await expectAccessible(page, 'two-factor options');
    await page.getByRole('button', { name: /Text me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Sms\/[^/]+$/);
    // The address carries the masked number only.
    expect(decodeURIComponent(page.url())).not.toContain('5550142');
    const field = page.getByLabel('Security code', { exact: true });
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await page.getByTestId('resend-countdown').textContent()).toMatch(/\d+ seconds?/);
    await expectAccessible(page, 'two-factor code entry');
    const code = await codeSentTo('+16505550142');
    await enterCode(page, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByText('Invalid security code').waitFor();
    await expectAccessible(page, 'two-factor code entry with an error');
    await enterCode(page, code);
    const tokens = await partner.exchange(await callback());
    expect(tokens.access_token).toBeTruthy();
  });

  it('mfa@ by voice call: the code the call speaks, read from the outbox', async () => {
    const { page, partner, callback } = await signInAs('mfa@example.com');
    await page.getByRole('button', { name: /Call me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Phone\/[^/]+$/);
    await page.getByText(/We're calling/).waitFor();
    await enterCode(page, await codeSentTo('+16505550142'));
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  // Locks mfa@ for 15 minutes: later tests of this file only look at its screens.
  it('mfa@: too many wrong codes are throttled (326) and the form says so', async () => {
    const { page } = await signInAs('mfa@example.com');
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await enterCode(page, '000000');
      await expect
        .poll(() => page.locator('#code-error').textContent())
        .toMatch(/Invalid security code|Too many wrong codes/);
    }
    // The reply says how long the lock lasts (15 minutes), so the form says it too.
    await page.getByText('Too many wrong codes. Please try again in 15 minutes.').waitFor();
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
  });

  it('nocall@: calls to the number are refused (321) and the page steers to email', async () => {
    const { page } = await signInAs('nocall@example.com');
    await page.getByRole('button', { name: /Call me/ }).click();
    await page.getByText(/Calls to the number is not available/).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-method')))
      .toBe('Email');
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    await enterCode(page, await codeSentTo('nocall@example.com'));
    await page.waitForURL(/\/demo-app\/callback/);
  });

  it('totpsetup@ on a phone: the setup page and its code step are axe-clean (not enrolled here)', async () => {
    const { page } = await signInAs('totpsetup@example.com', { mobile: true });
    await page.waitForURL(/#\/twoFactor\/setupAuthentication$/);
    await page.getByTestId('totp-qr').waitFor();
    await expectAccessible(page, 'authenticator setup on a phone');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectAccessible(page, 'authenticator setup code step on a phone');
  });

  it('totpsetup@: sets up an authenticator from the key on the page (QR, copy), then signs in with its code', async () => {
    const { page, context, partner, callback } = await signInAs('totpsetup@example.com');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness().origin });
    await page.waitForURL(/#\/twoFactor\/setupAuthentication$/);
    await page.getByRole('img', { name: /QR code to add totpsetup@example\.com/ }).waitFor();
    await expectAccessible(page, 'authenticator setup');
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '');
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Key copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectAccessible(page, 'authenticator setup, code step');
    await enterCode(page, totpNow(secret));
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  it("totp@: the authenticator's code, and 'don't ask again' skips two-factor at the next sign-in on this device", async () => {
    const { page, context } = await signInAs('totp@example.com');
    await page.waitForURL(/#\/twoFactor\/verify\/APP$/);
    await page.getByLabel(/Don't ask again on this device for 30 days/).check();
    await enterCode(page, totpNow(TOTP_DEMO_SECRET));
    await page.waitForURL(/\/demo-app\/callback/);
    // A new sign-in with the password (prompt=login) in the same browser: no second step this time.
    const again = await createPartner(harness().origin);
    again.authorizationUrl.searchParams.set('prompt', 'login');
    const next = await context.newPage();
    const callback = await again.captureCallback(next);
    await next.goto(again.authorizationUrl.href);
    await enterCredential(next, 'totp@example.com');
    await enterPassword(next, password);
    await next.waitForURL(/#\/consent$/);
    await next.getByRole('button', { name: AUTHORIZE }).click();
    // Were two-factor asked again, the page would stop on /twoFactor/* and never reach the app.
    const url = await callback();
    expect(url.searchParams.get('code')).toBeTruthy();
  });

  it.each([
    { brandId: '1210', email: 'mfa@example.com', mobile: true },
    { brandId: '7710', email: 'mfa7710@example.com', mobile: false },
    { brandId: '7710', email: 'mfa7710@example.com', mobile: true },
    { brandId: '7310', email: 'mfa7310@example.com', mobile: false },
    { brandId: '7310', email: 'mfa7310@example.com', mobile: true },
  ])('brand $brandId (mobile: $mobile): the options and the code entry are axe-clean', async (brand) => {
    const { page } = await signInAs(brand.email, brand);
    await page.waitForURL(/#\/twoFactor\/options$/);
    expect(await page.locator('[data-brand]').first().getAttribute('data-brand')).toBe(brand.brandId);
    await expectAccessible(page, `options, brand ${brand.brandId}`);
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    await expectAccessible(page, `code entry, brand ${brand.brandId}`);
    if (brand.mobile) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(width).toBeLessThanOrEqual(0);
    }
  });
});
