import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { parseRoute } from '../../machines/routes.ts';
import { type Frame, localeOfTag, type Shot } from './matrix.ts';

/**
 * Taking a screen's pictures: the page is let settle (nothing loading, fonts and images in, two frames
 * drawn), each of the frame's locales is switched to with the page's own language selector, and the
 * picture is taken of a still page (keepStill) with anything random masked.
 */

/** A finished picture and what it shows. */
export type ShotSink = (shot: Shot, png: Buffer) => Promise<void>;

export interface ShootOptions {
  /** Parts that differ from run to run (a generated secret, a date the server stamps): drawn as solid boxes. */
  mask?: (page: Page) => Locator[];
  /** A call the journey keeps waiting, to draw the page that waits for it. */
  held?: (request: Request) => boolean;
  /**
   * The journey goes on after this screen: the page is switched back to English afterwards, since
   * journeys find controls by their English names (test/browser/harness.ts).
   */
  more?: boolean;
}

/** Requests under way per page, so a picture waits until nothing is loading any more. */
interface Tracker {
  pending: Set<Request>;
  /** Called (and emptied) whenever a request ends. */
  ended: (() => void)[];
}
const trackers = new WeakMap<Page, Tracker>();

/** Counts the page's requests from now on (a picture waits for them). */
export function trackRequests(page: Page) {
  if (trackers.has(page)) return;
  const tracker: Tracker = { pending: new Set(), ended: [] };
  const end = (request: Request) => {
    tracker.pending.delete(request);
    for (const resolve of tracker.ended.splice(0)) resolve();
  };
  page.on('request', (request) => tracker.pending.add(request));
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  trackers.set(page, tracker);
}

/** Far beyond any load of the reference server; a page still loading after it fails with what it waits for. */
const QUIET_BOUND_MS = 30_000;

/** Until no request is under way but those `held`. */
async function untilQuiet(page: Page, held: (request: Request) => boolean) {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error('gallery pages are opened through the journey context (trackRequests)');
  const loading = () => [...tracker.pending].filter((request) => !held(request));
  const started = performance.now();
  while (loading().length > 0) {
    const left = QUIET_BOUND_MS - (performance.now() - started);
    if (left <= 0) throw new Error(`still loading after 30 s: ${loading().map((request) => request.url())}`);
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      tracker.ended.push(resolve);
      timer = setTimeout(resolve, left);
    });
    clearTimeout(timer);
  }
}

/**
 * The page shows `route`'s screen and has stopped changing: no request under way, fonts and images in,
 * two frames drawn. A page waiting on a `held` call is drawn busy, as it waits.
 */
export async function settle(page: Page, route: string, held?: (request: Request) => boolean) {
  const isHeld = held ?? (() => false);
  await page.locator(`[data-screen="${route}"]`).first().waitFor();
  if (!held) await page.locator('main#main:not([aria-busy])').waitFor();
  for (;;) {
    await untilQuiet(page, isHeld);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    // Whatever those frames started (a lazy chunk, a brand's asset file) is waited for too.
    if ([...(trackers.get(page)?.pending ?? [])].every(isHeld)) return;
  }
}

/**
 * The footer's language selector: the list, then the language. The clicks are dispatched to the
 * elements rather than made with the pointer: the page is neither scrolled to the footer (which
 * would move what a phone's picture shows) nor left with a focus ring where the pointer was, and the
 * launch-app page, which Chromium stops taking input on once its redirect to an app's scheme was
 * refused, switches like any other.
 */
export async function switchLocale(page: Page, localeId: string) {
  const tag = toLanguageTag(localeId);
  if ((await page.evaluate(() => document.documentElement.lang)) === tag) return;
  await page.locator('#language').dispatchEvent('click');
  await page.locator(`[role="option"][lang="${tag}"]`).dispatchEvent('click');
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, tag);
  // The selector takes the focus back; whether it then shows its ring depends on how the last input
  // came, which differs from picture to picture. The page's own arrival focus stays where it was put.
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.id === 'language') active.blur();
  });
}

/**
 * No transition or animation, no caret, in every document of a gallery browser from its first paint
 * (keepStill), rather than laid on for each picture: Playwright's `style` and `animations: 'disabled'`
 * options restyle and lay out the whole page twice per picture, which cost the pictures 146 ms of
 * Chromium's CPU each against 88 without them. A still page also draws the same pixels: a transition's
 * end state is the state the page settled in, and the loading indicator is drawn unturned.
 */
const STILL =
  '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';

const stilled = new WeakSet<BrowserContext>();

/** Every later document of the browser's pages is kept still (an adopted style sheet, there before the page's own). */
export async function keepStill(context: BrowserContext) {
  if (stilled.has(context)) return;
  stilled.add(context);
  await context.addInitScript((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, STILL);
}

async function capture(page: Page, options: ShootOptions) {
  // The pointer stays where the last click left it: moved off the page, no control shows its hover look.
  await page.mouse.move(0, 0);
  // A focused control may have scrolled the page (the language selector takes the focus back); from the
  // top, a full-page picture and its masks line up the same every time.
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({
    fullPage: true,
    scale: 'css',
    mask: options.mask?.(page) ?? [],
    maskColor: '#FF00FF',
  });
}

/** The screen a page shows, by its address (machines/routes.ts), and the brand its frame wears. */
async function shownOn(page: Page) {
  const route = parseRoute(new URL(page.url()).hash).name;
  const brand = await page.locator('[data-brand]').first().getAttribute('data-brand');
  return { route, brand };
}

/**
 * Draws the screen `page` shows in each of the frame's locales (or once, in the brand's own) and hands
 * each picture to `sink`. Fails when the page shows another screen or another brand than expected, so
 * a journey that lost its way cannot file a wrong picture under a screen's name.
 */
export async function shootScreen(
  page: Page,
  frame: Frame,
  screen: string,
  sink: ShotSink,
  options: ShootOptions = {},
) {
  const route = screen.split('.')[0] ?? screen;
  await settle(page, route, options.held);
  const shown = await shownOn(page);
  if (shown.route !== route || shown.brand !== frame.brand)
    throw new Error(
      `expected ${screen} in brand ${frame.brand}, the page shows ${shown.route} in brand ${shown.brand}`,
    );
  const locales = frame.locales.length > 0 ? frame.locales : [undefined];
  for (const localeId of locales) {
    if (localeId) {
      await switchLocale(page, localeId);
      await settle(page, route, options.held);
    }
    const locale = localeOfTag(await page.evaluate(() => document.documentElement.lang));
    if (localeId && locale !== localeId) throw new Error(`${screen}: asked for ${localeId}, shows ${locale}`);
    const { brand, scheme, viewport } = frame;
    await sink({ screen, brand, scheme, viewport, locale }, await capture(page, options));
  }
  if (options.more && frame.locales.length > 0) {
    await switchLocale(page, 'en_US');
    await settle(page, route, options.held);
  }
}
