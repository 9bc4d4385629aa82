import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPartner, expectAccessible, harnessPerFile, iPhone } from './harness.ts';

const harness = harnessPerFile();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('unsupported browser (issue 13: a server-rendered notice instead of a blank page)', () => {
  it('a browser without a feature the app uses lands on the notice, with the address to carry on from', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    // Before any script of the page: a browser whose URL has no canParse (the contract's URL check).
    await page.addInitScript(() => {
      delete (URL as { canParse?: unknown }).canParse;
    });
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/\/unsupported-browser\?from=/);
    expect(await heading(page).textContent()).toBe('This browser cannot open the sign-in page');
    // The SPA's address as /oauth/authorize sent the browser there, query kept: open it elsewhere to sign in.
    const from = new URL(page.url()).searchParams.get('from') ?? '';
    expect(from).toMatch(/^\/\?.*clientId=demo-app/);
    expect(await page.getByTestId('sign-in-address').textContent()).toBe(`${harness().origin}${from}`);
    // The page is styled by its own sheet, under the strict CSP (no inline style took effect or was needed).
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('main') as Element).maxWidth),
    ).not.toBe('none');
    await expectAccessible(page, 'the unsupported-browser notice');
  });

  it('on a phone, the notice fits the screen and is axe-clean', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage(iPhone);
    await page.addInitScript(() => {
      delete (URL as { canParse?: unknown }).canParse;
    });
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/\/unsupported-browser\?from=/);
    expect(await heading(page).textContent()).toBe('This browser cannot open the sign-in page');
    // No sideways scrolling on a narrow screen: the long sign-in address wraps.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(page, 'the unsupported-browser notice, phone');
  });

  it('where everything is there, the check leaves the sign-in page alone', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(partner.authorizationUrl.href);
    await page.getByLabel('Email or phone number').waitFor();
    expect(requested).toContain('/browser-check.js');
    expect(requested).not.toContain('/unsupported-browser');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('with JavaScript off, the page says it needs JavaScript and links the notice', async () => {
    const { page } = await harness().newPage({ javaScriptEnabled: false });
    await page.goto(`${harness().origin}/?clientId=demo-app`);
    expect(await heading(page).textContent()).toBe('This sign-in page needs JavaScript');
    await page.getByRole('link', { name: 'which browsers can sign in' }).click();
    await page.waitForURL(/\/unsupported-browser$/);
    expect(await heading(page).textContent()).toBe('This browser cannot open the sign-in page');
    expect(await page.getByTestId('sign-in-address').count()).toBe(0);
  });

  it("follows the browser's dark scheme unless the address chose one, and stays axe-clean in dark", async () => {
    const { page } = await harness().newPage({ colorScheme: 'dark' });
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.goto(
      `${harness().origin}/unsupported-browser?from=${encodeURIComponent('/?clientId=demo-app')}`,
    );
    expect(await background()).toBe('rgb(20, 24, 31)');
    await expectAccessible(page, 'the unsupported-browser notice, dark');
    // The SPA's theme=light, carried in the address the notice stands for, wins over the browser.
    await page.goto(
      `${harness().origin}/unsupported-browser?from=${encodeURIComponent('/?clientId=demo-app&theme=light')}`,
    );
    expect(await background()).toBe('rgb(255, 255, 255)');
    // And theme=dark in a light browser.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${harness().origin}/unsupported-browser?theme=dark`);
    expect(await background()).toBe('rgb(20, 24, 31)');
  });

  it('an address from elsewhere is not shown', async () => {
    const { page } = await harness().newPage();
    await page.goto(`${harness().origin}/unsupported-browser?from=${encodeURIComponent('//evil.example/')}`);
    expect(await heading(page).textContent()).toBe('This browser cannot open the sign-in page');
    expect(await page.getByTestId('sign-in-address').count()).toBe(0);
    expect(await page.content()).not.toContain('evil.example');
  });
});
