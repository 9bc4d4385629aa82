import { describe, expect, it } from 'vitest';
import { codeIn } from '../../server/two-factor/two-factor.testing.ts';
import {
  AUTHORIZE,
  createPartner,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  newestOutboxText,
} from './harness.ts';

/*
 * WCAG 2.2.1 Timing Adjustable on the code page (docs/two-factor.md "The page's side"): a minute before
 * the sent code expires the page says so, politely and once, beside Send a new code; after it has, that
 * it has. The page's clock is Playwright's (the code's ten minutes pass in a moment); the server's is
 * real, so its resend wait is 0 here: every Send a new code the test presses is one the server honours.
 */
const harness = harnessPerFile({ twoFactor: { settings: { resendAfterSeconds: 0 } } });
const WARNING = 'Your code expires in 1 minute. Send a new code if you need more time.';
const EXPIRED = 'Your code has expired. Send a new code to continue.';
const email = 'mfa@example.com';

describe('the code page warns before the code expires (WCAG 2.2.1)', () => {
  it('mfa@ by email: the warning at 9 minutes, a new code, then expiry, a new code, and that code works', async () => {
    const { page } = await harness().newPage({}, { fresh: true });
    await page.clock.install();
    const partner = await createPartner(harness().origin);
    const callback = await partner.captureCallback(page);
    await page.goto(partner.authorizationUrl.href);
    await enterCredential(page, email);
    await enterPassword(page, 'Violet-Harbor-47');
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    await page.getByText('The code works for 10 minutes.').waitFor();

    const region = page.locator('[data-screen="twoFactorVerify"] div[aria-live="polite"]');
    const resend = page.getByRole('button', { name: 'Send a new code' });
    expect(await region.textContent()).toBe('');
    await page.clock.runFor(539_000);
    expect(await region.textContent()).toBe('');
    await page.clock.runFor(2_000);
    await expect.poll(() => region.textContent()).toBe(WARNING);
    expect(await resend.isEnabled()).toBe(true);
    await expectAccessible(page, 'the code page warning that the code expires');

    const first = codeIn(await newestOutboxText(harness().origin, email));
    await resend.click();
    await page.getByTestId('code-resent').waitFor();
    await expect.poll(() => region.textContent()).toBe('');
    await expect.poll(async () => codeIn(await newestOutboxText(harness().origin, email))).not.toBe(first);

    // The new code's ten minutes: the warning again at nine, and past ten, that it has expired.
    await page.clock.runFor(541_000);
    await expect.poll(() => region.textContent()).toBe(WARNING);
    await page.clock.runFor(60_000);
    await expect.poll(() => region.textContent()).toBe(EXPIRED);
    expect(await resend.isEnabled()).toBe(true);
    await expectAccessible(page, 'the code page saying the code expired');
    // Its box is drawn in a contrast theme too, which drops the background that sets it apart.
    await page.emulateMedia({ forcedColors: 'active' });
    const box = await region.locator('p').evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
    });
    expect(box.style).toBe('solid');
    expect(Number.parseFloat(box.width)).toBeGreaterThan(0);
    expect(box.colour).not.toMatch(/^rgba\(.*, 0\)$|transparent/);
    await page.emulateMedia({ forcedColors: 'none' });
    const second = codeIn(await newestOutboxText(harness().origin, email));
    await resend.click();
    await expect.poll(() => region.textContent()).toBe('');
    await expect.poll(async () => codeIn(await newestOutboxText(harness().origin, email))).not.toBe(second);

    // The code the last press sent is the one that verifies (the server's own clock is real time).
    await page
      .getByLabel('Security code', { exact: true })
      .fill(codeIn(await newestOutboxText(harness().origin, email)));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });
});
