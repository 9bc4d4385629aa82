import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface BrowserFeatures {
  /**
   * Without it the browser has no WebAuthn (as some do), so tests about other flows are not offered a
   * passkey after each password (test/browser/passkeys*.ts ask for it).
   */
  passkeys?: boolean;
  /**
   * A browser that never ran the app: empty HTTP cache, no clock installed, online. For tests that
   * count what goes over the network or change the browser itself (its clock, its connection).
   */
  fresh?: boolean;
}

const anchors = new WeakMap<BrowserContext, Page>();

type ContextOptions = Parameters<Browser['newContext']>[0];

/**
 * The browser contexts of one test file. A test's context goes back to the pool after the test,
 * emptied, and the next test with the same options gets it: the credential page cost 1.5 CPU-s to
 * load in a new context and 0.4 in a warm one (docs/testing.md "Browser tests").
 */
export function createContextPool(browser: Browser, origin: string) {
  const contexts: BrowserContext[] = [];
  /** Contexts the running test was given, with their options, and the contexts waiting for the next. */
  const lent = new Map<BrowserContext, string>();
  const idle = new Map<string, BrowserContext[]>();

  async function openContext(options: ContextOptions, features: BrowserFeatures) {
    // English unless a test says otherwise: with no locale in the address, the page follows the
    // browser's languages (i18n/locales.ts), and the tests read English text.
    const context = await browser.newContext({ locale: 'en-US', ...options });
    if (!features.passkeys)
      await context.addInitScript(() => {
        Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
      });
    contexts.push(context);
    await parkAnchor(context, origin);
    return context;
  }

  return {
    async newPage(
      options?: ContextOptions,
      features: BrowserFeatures = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const key = JSON.stringify([options ?? {}, Boolean(features.passkeys)]);
      const context = (!features.fresh && idle.get(key)?.pop()) || (await openContext(options, features));
      // A fresh browser is never lent again: its clock or connection may have been changed.
      if (!features.fresh) lent.set(context, key);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      return { context, page };
    },
    /** After each test: its contexts emptied and kept; one it closed itself is dropped. */
    async recycle() {
      const used = [...lent];
      lent.clear();
      for (const [context, key] of used) {
        const emptied = await emptyContext(context, origin).then(
          () => true,
          () => false,
        );
        if (emptied) idle.set(key, [...(idle.get(key) ?? []), context]);
        // One that could not be emptied (a page that would not close) is closed without waiting for it.
        else void context.close().catch(() => {});
      }
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
    },
  };
}

/**
 * Leaves a browser context as a new one would be for the app's origin: no pages, cookies, storage or
 * granted permissions. Its HTTP cache is kept. Throws if the context was closed.
 */
async function emptyContext(context: BrowserContext, origin: string) {
  const anchor = anchors.get(context);
  for (const page of context.pages()) if (page !== anchor) await closeSettled(page);
  const parked = anchor && !anchor.isClosed() ? anchor : await parkAnchor(context, origin);
  // What the app keeps in the browser (machines/persistence.ts) and what a test may have added; the
  // anchor is on the app's origin, so it reaches the same storage.
  await parked.evaluate(async () => {
    localStorage.clear();
    for (const database of await indexedDB.databases())
      if (database.name) indexedDB.deleteDatabase(database.name);
  });
  await context.clearCookies();
  await context.clearPermissions();
}

/**
 * Closes a page even if the test ended as it was leaving (a redirect to the partner just sent): a
 * close sent during a navigation can be lost when that navigation commits, and the close then never
 * ends. Opening about:blank first cancels whatever navigation is under way.
 */
async function closeSettled(page: Page) {
  await page.goto('about:blank', { waitUntil: 'commit' }).catch(() => {});
  // Chromium sometimes never answers the close of a page whose last document was another site's (a
  // partner's own server): past a bound, the context is given up instead of the test hanging.
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the page did not close')), PAGE_CLOSE_BOUND_MS);
  });
  try {
    await Promise.race([page.close(), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** Far above a close's usual few milliseconds, far below the hook's timeout. */
const PAGE_CLOSE_BOUND_MS = 15_000;

/** A page of the app's site with no app and no script: the server's discovery document. */
export const parkedAddress = (origin: string) => `${origin}/.well-known/openid-configuration`;

/**
 * A page of the context parked on the server's discovery document (no app, no script). With
 * --process-per-site the context's next page joins its renderer process, so a test's page starts
 * in a warm process instead of starting one (a third of a page load's CPU).
 */
async function parkAnchor(context: BrowserContext, origin: string) {
  const anchor = await context.newPage();
  await anchor.goto(parkedAddress(origin));
  anchors.set(context, anchor);
  return anchor;
}
