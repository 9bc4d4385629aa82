import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export interface FirstScreen {
  /** Paths of the scripts and style sheets loaded before the credential field showed, in load order. */
  files: string[];
  gzipBytes: number;
  /** Body bytes as received (Resource Timing's encodedBodySize: brotli from the reference server). */
  wireBytes: number;
}

/**
 * What the first screen costs, measured as a browser downloads it: Chromium opens the authorization
 * endpoint of the seeded demo client (default brand, in `localeId`: en_US unless named), and every
 * script and style sheet that started loading before the credential field appeared counts. Later
 * fetches (the idle prefetch of the other screens, the rest of the messages) do not.
 */
export async function measureFirstScreen(
  browser: Browser,
  origin: string,
  distDir: string,
  localeId = 'en_US',
) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = () => document.querySelector('input[name="credential"]');
      new MutationObserver((_, observer) => {
        if (!seen()) return;
        (globalThis as { fieldShownAt?: number }).fieldShownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const authorize = new URL('/oauth/authorize', origin);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: 'demo-app',
      redirect_uri: `${origin}/demo-app/callback`,
      state: 'budget',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      localeId,
    })) {
      authorize.searchParams.set(name, value);
    }
    await page.goto(authorize.href);
    await page.locator('input[name="credential"]').waitFor();
    const entries = await page.evaluate(() => {
      const shownAt = (globalThis as { fieldShownAt?: number }).fieldShownAt ?? performance.now();
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime <= shownAt)
        .map((entry) => ({ path: new URL(entry.name).pathname, wire: entry.encodedBodySize }))
        .filter((entry) => /\.(?:js|css)$/.test(entry.path));
    });
    return {
      files: entries.map((entry) => entry.path),
      gzipBytes: entries.reduce((sum, entry) => sum + gzipBytes(join(distDir, entry.path)), 0),
      wireBytes: entries.reduce((sum, entry) => sum + entry.wire, 0),
    } satisfies FirstScreen;
  } finally {
    await context.close();
  }
}

/** Message chunks are named by locale (i18n/compiled/<part>/<locale>.json → <locale>-<hash>.js). */
export const LOCALE_CHUNK = /^([a-z]{2}_[A-Z0-9]{2,3}|[a-z]{2})-[\w-]+\.js$/;

/** gzip -9 of every script and style sheet in the build, leaving out other locales' messages. */
export function measureWholeApp(distDir: string, localeId = 'en_US') {
  const assets = readdirSync(join(distDir, 'assets')).filter((name) => /\.(?:js|css)$/.test(name));
  const counted = assets.filter((name) => {
    const locale = LOCALE_CHUNK.exec(name)?.[1];
    return locale === undefined || locale === localeId;
  });
  return counted.reduce((sum, name) => sum + gzipBytes(join(distDir, 'assets', name)), 0);
}
