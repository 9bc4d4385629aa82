import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits.ts';
import { createPartner, demo, enterCredential, enterPassword, harnessPerFile } from './harness.ts';

// Three sign-in calls per account a minute: the fourth is refused with HTTP 429 and a ray id.
const harness = harnessPerFile({
  limits: { ...DEFAULT_RATE_LIMITS, loginPerIpPerMinute: 1000, loginPerIdentifierPerMinute: 3 },
});

describe('request-rate limits (spec §8: HTTP 429)', () => {
  it('too many sign-in calls for one account say how long to wait (Retry-After), with the ray id', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/enterCredential$/);
    // login-info counts as the first call for this identifier; each password try is another.
    await enterCredential(page, demo.grace.email);
    await page.waitForURL(/#\/enterPassword\//);
    for (const attempt of [1, 2]) {
      await enterPassword(page, `Wrong-Password-${attempt}`);
      await expect
        .poll(() => page.locator('#password-error').textContent())
        .toMatch(/^The email and password do not match/);
    }
    await enterPassword(page, demo.grace.password);
    // The limit is per minute: at most a minute to wait, said in whole minutes.
    const message = page.getByText(
      /You are trying too often\. Please try again in 1 minute\. \(Ray ID: [\w-]+\)/,
    );
    await expect.poll(() => message.count()).toBe(1);
    expect(page.url()).toMatch(/#\/enterPassword\//);
  });
});
