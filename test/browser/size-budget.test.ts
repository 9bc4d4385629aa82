import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_LOCALES } from '../../api/contract/locales.ts';
import { LOCALE_CHUNK, measureFirstScreen, measureWholeApp } from '../bench/firstScreen.ts';
import { FIRST_SCREEN_TARGET, SIZE_BUDGET } from '../size-budget.ts';
import { harnessPerFile } from './harness.ts';

const dist = 'dist';
const harness = harnessPerFile();

describe('size budget (test/size-budget.ts)', () => {
  it("the first screen's budget is inside its target, so raising it cannot drift past the target", () => {
    expect(SIZE_BUDGET.firstScreenGzipBytes).toBeLessThanOrEqual(FIRST_SCREEN_TARGET.gzipBytes);
    expect(SIZE_BUDGET.firstScreenWireBytes).toBeLessThanOrEqual(FIRST_SCREEN_TARGET.wireBytes);
  });

  it.each(['en_US', 'de_DE', 'ja_JP', 'ru'])(
    'the first screen in %s, as Chromium loads it through /oauth/authorize, stays inside its budget',
    async (localeId) => {
      const { browser, origin } = harness();
      const firstScreen = await measureFirstScreen(browser, origin, dist, localeId);
      console.log(`first screen (${localeId})`, firstScreen);
      // Only the entry, its style sheet and the chosen locale's first message part: no lazy screen, no
      // other brand, no other locale's messages.
      expect(firstScreen.files.some((file) => /Screen-/.test(file))).toBe(false);
      const locales = firstScreen.files.flatMap(
        (file) => LOCALE_CHUNK.exec(file.split('/').at(-1) ?? '')?.[1] ?? [],
      );
      expect(locales.length).toBeGreaterThan(0);
      expect(new Set(locales)).toEqual(new Set([localeId]));
      expect(firstScreen.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGET.firstScreenGzipBytes);
      expect(firstScreen.wireBytes).toBeGreaterThan(0);
      expect(firstScreen.wireBytes).toBeLessThanOrEqual(SIZE_BUDGET.firstScreenWireBytes);
    },
  );

  it.each(REAL_LOCALES)('the whole app in %s stays inside its budget', (localeId) => {
    expect(measureWholeApp(dist, localeId)).toBeLessThanOrEqual(SIZE_BUDGET.wholeAppGzipBytes);
  });

  it('the credential page needs no message outside the first part', async () => {
    const { origin, newPage } = harness();
    const { page } = await newPage();
    const restPart = readdirSync(join(dist, 'assets')).find(
      (name) =>
        /^en_US-.*\.js$/.test(name) &&
        readFileSync(join(dist, 'assets', name), 'utf8').includes('errors.tooFrequent'),
    );
    expect(restPart).toBeDefined();
    // The rest part never arrives: whatever the credential page shows must come from the first part.
    await page.route(`**/assets/${restPart}`, (route) => route.abort());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/MISSING_TRANSLATION|Missing message/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${origin}/?clientId=demo-app&force=true`);
    await page.getByLabel('Email or phone number').waitFor();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a screen whose chunk fails to load hides the loading indicator and offers to try again', async () => {
    const { origin, newPage } = harness();
    const { page } = await newPage();
    let blocked = true;
    await page.route('**/assets/PasswordScreen-*.js', (route) =>
      blocked ? route.abort() : route.continue(),
    );
    await page.goto(`${origin}/?clientId=demo-app&force=true`);
    await page.getByLabel('Email or phone number').fill('ada@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.locator('[data-screen="pageLoadFailed"] [role="alert"]').textContent())
      .toBe('This page could not be loaded. Check your connection and try again.');
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
  });
});
