import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brand1210 } from '../../brand/brands/brand-1210.ts';
import { brand3710 } from '../../brand/brands/brand-3710.ts';
import { brand7710 } from '../../brand/brands/brand-7710.ts';
import { deriveDarkTheme } from '../../brand/darkTheme.ts';
import { createPartner, expectAccessible, harnessPerFile } from './harness.ts';

/*
 * theme=light|dark|auto (docs/colour-schemes.md): auto, the default, follows the system's
 * prefers-color-scheme, also when it changes with the page open; light and dark override it.
 */
const harness = harnessPerFile();

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

async function openSignIn(system: 'light' | 'dark', params: Record<string, string>) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage({ colorScheme: system });
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return page;
}

const root = (page: Page) => page.locator('[data-brand]');
const backgroundOf = (page: Page) => root(page).evaluate((node) => getComputedStyle(node).backgroundColor);
const colourSchemeOf = (page: Page) => root(page).evaluate((node) => getComputedStyle(node).colorScheme);

describe('colour schemes in the browser', () => {
  it('auto follows the system, and its change while the page is open', async () => {
    const page = await openSignIn('dark', {});
    await expect.poll(() => backgroundOf(page)).toBe(rgb(brand1210.themes?.dark?.colours.background ?? ''));
    expect(await colourSchemeOf(page)).toBe('dark');
    const typed = page.locator('input[name="credential"]');
    await typed.fill('ada@exa');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => backgroundOf(page)).toBe(rgb(brand1210.theme.colours.background));
    expect(await colourSchemeOf(page)).toBe('light');
    // Re-drawn, not reloaded: what was typed stays.
    expect(await typed.inputValue()).toBe('ada@exa');
  });

  it('theme=dark gives a partner brand its derived dark palette on a light system, and passes axe', async () => {
    const page = await openSignIn('light', { brand_id: '3710', theme: 'dark' });
    const dark = deriveDarkTheme(brand3710.theme);
    await expect.poll(() => backgroundOf(page)).toBe(rgb(dark.colours.background));
    const next = page.locator('[data-screen="enterCredential"] button[type="submit"]');
    expect(await next.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      rgb(dark.colours.brand),
    );
    await expectAccessible(page, 'brand 3710 dark credential page');
  });

  it('theme=light keeps a brand light on a dark system', async () => {
    const page = await openSignIn('dark', { brand_id: '7710', theme: 'light' });
    await expect.poll(() => backgroundOf(page)).toBe(rgb(brand7710.theme.colours.background));
    expect(await colourSchemeOf(page)).toBe('light');
  });

  it.each([
    { system: 'light', theme: 'dark', forced: false, lettering: 'light' },
    { system: 'dark', theme: 'light', forced: false, lettering: 'dark' },
    // Under forced colours the contrast theme's background replaces the palette's: its lightness decides.
    { system: 'dark', theme: 'light', forced: true, lettering: 'light' },
    { system: 'light', theme: 'dark', forced: true, lettering: 'dark' },
  ] as const)(
    'the logo on a $theme palette, system $system, forced colours $forced: $lettering lettering',
    async ({ system, theme, forced, lettering }) => {
      const page = await openSignIn(system, { brand_id: '3710', theme });
      if (forced) await page.emulateMedia({ forcedColors: 'active' });
      const logo = page.getByRole('img', { name: brand3710.displayName }).first();
      const source = () => logo.evaluate((img) => (img as HTMLImageElement).currentSrc);
      await expect.poll(source).toMatch(lettering === 'light' ? /brand-3710-dark/ : /brand-3710-(?!dark)/);
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    },
  );

  it('the page before the app draws already takes the system scheme (no white flash)', async () => {
    const { page } = await harness().newPage({ colorScheme: 'dark' }, { fresh: true });
    // The app's scripts never arrive: what shows is the document and its style sheet alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const partner = await createPartner(harness().origin);
    await page.goto(partner.authorizationUrl.href);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light dark',
    );
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  });
});
