import { describe, expect, it } from 'vitest';
import { brand1210 } from '../../brand/brands/brand-1210.ts';
import { brand7310 } from '../../brand/brands/brand-7310.ts';
import { brand7710 } from '../../brand/brands/brand-7710.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { createPartner, expectAccessible, harnessPerFile } from './harness.ts';

const harness = harnessPerFile();

/** #RRGGBB → the rgb() form getComputedStyle reports. */
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

async function openSignIn(brandId: string) {
  const partner = await createPartner(harness().origin);
  partner.authorizationUrl.searchParams.set('brand_id', brandId);
  const { page } = await harness().newPage();
  const cspReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return { page, cspReports };
}

const cases: {
  brand: BrandTokens;
  footer: string[];
  notice: RegExp;
  signUp: boolean;
}[] = [
  {
    brand: brand1210,
    footer: ['Legal', 'Privacy'],
    notice: /Orvalle Connect will never ask for your password by email/,
    signUp: true,
  },
  {
    brand: brand7310,
    footer: ['Legal', 'Service terms'],
    notice: /Cedarlume Meetings never sends meeting invitations/,
    signUp: false,
  },
  {
    brand: brand7710,
    footer: ['Contact us', 'Privacy', 'Terms of use', 'Codes of practice', 'Complaints', 'Feedback'],
    notice: /Brackenby Voice will never ask for your password by email/,
    signUp: false,
  },
];

describe.each(cases)('brand $brand.brandId in the browser', ({ brand, footer, notice, signUp }) => {
  it('wears its own theme, logo and footer variant', async () => {
    const { page, cspReports } = await openSignIn(brand.brandId);
    const root = page.locator('[data-brand]');
    expect(await root.getAttribute('data-brand')).toBe(brand.brandId);
    await expect
      .poll(() => root.evaluate((node) => getComputedStyle(node).backgroundColor))
      .toBe(rgb(brand.theme.colours.background));
    const logo = page.getByRole('img', { name: brand.displayName }).first();
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const links = page.getByRole('navigation', { name: 'Legal and support' }).getByRole('link');
    const names = (await links.allTextContents()).map((name) => name.replace(' (opens in a new tab)', ''));
    expect(names).toEqual(footer);
    expect(await page.getByRole('link', { name: /^Sign up/ }).count()).toBe(signUp ? 1 : 0);
    // Spec §2: a brand's optional banner shows above the credential page, decorative (empty alt).
    const banner = page.getByTestId('banner');
    expect(await banner.count()).toBe(brand.banner ? 1 : 0);
    if (brand.banner) {
      expect(await banner.getAttribute('alt')).toBe('');
      await expect
        .poll(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(cspReports).toEqual([]);
    await expectAccessible(page, `brand ${brand.brandId} credential page`);
  });

  it('opens its phishing notice in a modal dialog that returns focus on Escape', async () => {
    const { page } = await openSignIn(brand.brandId);
    const opener = page.getByRole('button', { name: 'Protect yourself from phishing' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Protect yourself from phishing' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(notice);
    expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
    await expectAccessible(page, `brand ${brand.brandId} phishing dialog`);
    await page.keyboard.press('Escape');
    // Gone from the page, not only hidden: the browser hides a closed dialog (and puts the focus back)
    // before its close event reaches the page, and an Enter pressed in between would reopen nothing.
    await page.locator('dialog').waitFor({ state: 'detached' });
    expect(await opener.evaluate((node) => node === document.activeElement)).toBe(true);
    await opener.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((node) => node === document.activeElement)).toBe(true);
  });
});
