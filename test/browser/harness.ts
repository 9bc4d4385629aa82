import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as oauth from 'oauth4webapi';
import {
  type Browser,
  type BrowserContext,
  chromium,
  devices,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RateLimits } from '../../server/security/rate-limits.ts';
import { type StartOptions, startServer } from '../../server/start.ts';
import { RELAXED_LIMITS } from '../../server/testing/harness.ts';
import { type BrowserFeatures, createContextPool } from './contextPool.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Playwright's iPhone profile (user agent, small viewport, touch, isMobile) without its WebKit preference:
// the tests drive Chromium, and the app decides its layout from the user agent (spec §2).
const { defaultBrowserType: _, ...iPhoneProfile } = devices['iPhone 13'];
export const iPhone = iPhoneProfile;

/** The flags DEVELOPERS.md prescribes for Debian's Chromium on this closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  origin: string;
  browser: Browser;
  /**
   * A new page in a browser of its own: no cookies, no storage, none of an earlier test's pages, no
   * history. Unless the test asks for a `fresh` one, the browser is one an earlier test of the file
   * used (same options), emptied after that test, with its HTTP cache still warm and one page parked
   * on the discovery document (test/browser/contextPool.ts).
   */
  newPage(
    options?: Parameters<Browser['newContext']>[0],
    features?: BrowserFeatures,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** Empties the browsers the last test used and keeps them for the next (harnessPerFile's afterEach). */
  recycle(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * Every browser test signs in from one loopback address, so the request-rate limits are raised
   * unless a test passes its own; the account lockout stays as in production.
   */
  limits?: RateLimits;
  /** Two-factor settings other than the defaults (a test that resends on the page's faked clock). */
  twoFactor?: StartOptions['twoFactor'];
}

/**
 * The real server (in-memory database, built SPA) and a real Chromium. `--process-per-site` on top of
 * the prescribed flags: a test's new page joins the renderer process its browser context already runs
 * for the app's origin (see parkAnchor) instead of starting one. Pages still get their own window,
 * storage and history; only the process is shared, as Chromium itself does under memory pressure.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    distDir: 'dist',
    quiet: true,
    limits: options.limits ?? RELAXED_LIMITS,
    ...(options.twoFactor && { twoFactor: options.twoFactor }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--process-per-site'],
  });
  const contexts = createContextPool(browser, server.origin);
  return {
    origin: server.origin,
    browser,
    newPage: contexts.newPage,
    recycle: contexts.recycle,
    async close() {
      await contexts.close();
      await browser.close();
      await server.close();
    },
  };
}

/** One harness per test file: started before its tests, closed after them. */
export function harnessPerFile(options: HarnessOptions = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(options);
  });
  afterEach(async () => harness?.recycle());
  afterAll(async () => harness?.close());
  return () => {
    if (!harness) throw new Error('the harness is not started');
    return harness;
  };
}

/** The screen the SPA settles on: start-up and calls show the progress screen first. */
export const settledScreen = (page: Page) =>
  page.locator('section[data-screen]:not([data-screen="progress"])');

/** axe-core on the current page: WCAG 2.1 A/AA and best practices, no violations allowed. */
export async function expectAccessible(page: Page, label: string) {
  // The address can name a screen before React has drawn it (a redirect lands on the hash at once),
  // so wait for a rendered, settled screen: axe on a half-drawn page reports the wrong things.
  // Server-rendered pages (the demo apps, the unsupported-browser notice) are whole when they load.
  if (!/^\/(?:demo-app|unsupported-browser)/.test(new URL(page.url()).pathname))
    await page.waitForSelector('main#main:not([aria-busy]) [data-screen]');
  // evaluate() runs through the DevTools protocol, so the page's strict CSP stays on for everything else.
  // Once per document: compiling axe's half a megabyte again for every check of the same page was a
  // good part of the browser tests' time on two cores.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      // Only violations are read: axe then skips detailing every passing node.
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

/** The consent page's Approve, in US English ("Authorize") or the British and Australian brands' ("Authorise"). */
export const AUTHORIZE = /^Authori[sz]e$/;

export const demo = {
  clientId: 'demo-app',
  ada: { email: 'ada@example.com', password: 'Violet-Harbor-47', phone: '+1 650 555 0100', extension: '101' },
  grace: { email: 'grace@example.co.uk', password: 'Quartz-Meadow-83' },
};

/** A partner app played by a real OAuth client library: discovery, PKCE S256, state. */
export async function createPartner(origin: string) {
  const issuer = new URL(origin);
  const insecure = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
  const client: oauth.Client = { client_id: demo.clientId };
  const redirectUri = `${origin}/demo-app/callback`;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(as.authorization_endpoint ?? '');
  authorizationUrl.searchParams.set('response_type', 'code');
  authorizationUrl.searchParams.set('client_id', demo.clientId);
  authorizationUrl.searchParams.set('redirect_uri', redirectUri);
  authorizationUrl.searchParams.set('state', state);
  authorizationUrl.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  authorizationUrl.searchParams.set('code_challenge_method', 'S256');
  return {
    as,
    client,
    redirectUri,
    state,
    authorizationUrl,
    insecure,
    /**
     * The redirect back to the partner, seen as the browser sends it. The request still reaches the
     * server's demo app, which leaves the code alone: this browser started no sign-in there, so it
     * answers "no sign-in in progress" (server/demo-app). Listening instead of intercepting keeps the
     * browser's cache on: Playwright turns it off, and pauses every request, once a page has a route.
     */
    async captureCallback(page: Page): Promise<() => Promise<URL>> {
      let resolve: (url: URL) => void = () => {};
      const captured = new Promise<URL>((done) => {
        resolve = done;
      });
      const onRequest = (request: Request) => {
        if (!request.url().startsWith(`${redirectUri}?`)) return;
        page.off('request', onRequest);
        resolve(new URL(request.url()));
      };
      page.on('request', onRequest);
      // Settled too: a goto made while the redirect is still loading is interrupted by it.
      return async () => {
        const url = await captured;
        await page.waitForURL((current) => current.href.startsWith(`${redirectUri}?`));
        return url;
      };
    },
    async exchange(callback: URL) {
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        verifier,
        insecure,
      );
      return oauth.processAuthorizationCodeResponse(as, client, response);
    },
  };
}

/** The newest message the embedded outbox holds for an address or number (the README tells visitors the same). */
export async function newestOutboxText(origin: string, to: string): Promise<string> {
  const response = await fetch(`${origin}/dev/outbox.json?${new URLSearchParams({ to })}`);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  return messages[0]?.text ?? '';
}

export async function enterCredential(page: Page, credential: string) {
  await page.getByLabel('Email or phone number').fill(credential);
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function enterPassword(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Records everything that would mean a page ran or broke on hostile input: dialogs (alert, confirm),
 * uncaught page errors and any HTTP 5xx. The returned check also wants a screen shown (never blank,
 * unless the page has left the SPA) and no element a payload would create (id="pwned", img src=x,
 * any onerror attribute).
 */
export function watchForHostileEffects(page: Page) {
  const dialogs: string[] = [];
  const errors: string[] = [];
  const serverErrors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url().split('?')[0]}`);
  });
  return async function expectSafe({ onSpa = true } = {}) {
    if (onSpa) await settledScreen(page).waitFor();
    expect(await page.locator('#pwned, img[src="x"], [onerror]').count()).toBe(0);
    expect({ dialogs, errors, serverErrors }).toEqual({ dialogs: [], errors: [], serverErrors: [] });
  };
}

/**
 * Holds every request matching `pattern` until the returned release is called, so a test can look at
 * the page while a call is under way (the loading indicator, a disabled control).
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
