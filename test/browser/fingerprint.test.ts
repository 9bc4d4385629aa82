import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPartner, demo, enterCredential, harnessPerFile } from './harness.ts';

const harness = harnessPerFile();

/** Opens sign-in for a brand and records the body of every login-info call. */
async function openSignIn(brandId: string) {
  const partner = await createPartner(harness().origin);
  partner.authorizationUrl.searchParams.set('brand_id', brandId);
  partner.authorizationUrl.searchParams.set('prompt', 'login');
  const { page } = await harness().newPage();
  const loginInfoBodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login-info')
      loginInfoBodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return { page, loginInfoBodies };
}

const loaderScripts = (page: Page) => page.locator('script[data-fingerprint-loader]').count();

describe('device fingerprint before login-info (spec §7 iovation, §9)', () => {
  it('a brand that fingerprints loads its loader and sends the value as f', async () => {
    const { page, loginInfoBodies } = await openSignIn('3710');
    await expect.poll(() => loaderScripts(page)).toBe(1);
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    expect(loginInfoBodies).toHaveLength(1);
    expect(loginInfoBodies[0]?.f).toMatch(/^fp1:[0-9a-f]{64}$/);
  });

  it('other brands load no loader and send no f', async () => {
    const { page, loginInfoBodies } = await openSignIn('1210');
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    expect(await loaderScripts(page)).toBe(0);
    expect(loginInfoBodies).toHaveLength(1);
    expect(loginInfoBodies[0]).not.toHaveProperty('f');
  });
});
