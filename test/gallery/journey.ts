import type { BrowserContext, Page } from 'playwright-core';
import { type BrowserFeatures, parkedAddress } from '../browser/contextPool.ts';
import { createPartner, type Harness } from '../browser/harness.ts';
import { keepStill, type ShootOptions, type ShotSink, shootScreen, trackRequests } from './camera.ts';
import { type BrandId, contextOptionsOf, FRAMES, FROZEN_TIME, type Frame, frameParams } from './matrix.ts';

/**
 * A journey reaches a few screens the way a person does (test/browser's helpers and demo accounts)
 * and draws each where it stops. Each screen belongs to one journey; a journey runs once per frame
 * of the brands it can show, the same steps, so its pictures differ only by the frame.
 */
export interface Journey {
  name: string;
  /** The screens it draws: route names (machines/routes.ts), or `route.variant` where one route shows distinct pages. */
  screens: readonly string[];
  /** The brands a demo account (or an address) lets it show; it runs in every frame of these. */
  brands: readonly BrandId[];
  run(context: JourneyContext): Promise<void>;
}

export type Partner = Awaited<ReturnType<typeof createPartner>>;

export interface JourneyContext {
  harness: Harness;
  frame: Frame;
  /**
   * The last frame of its brand this journey runs in. A step that changes a demo account for good
   * (an address saved, an email confirmed) runs only there, so every earlier frame still finds the
   * account as seeded.
   */
  lastOfBrand: boolean;
  /**
   * A page in this frame's browser (viewport, user agent, frozen clock, kept still), its requests
   * counted. A journey's later calls give it the same tab again, signed out (no cookie, nothing in the
   * tab's session storage, no reply changed on its way): a journey uses one page at a time, and a new
   * tab costs more than a page load (docs/gallery/README.md "Cost").
   */
  open(features?: BrowserFeatures): Promise<{ page: Page; context: BrowserContext }>;
  /** The partner's authorisation request in this frame (brand, theme), with `extra` parameters. */
  partner(extra?: Record<string, string>): Promise<Partner>;
  /**
   * Loads `url` as a new document even where it differs from the page's own only after '#' (which
   * would not load the app again): a link opened from an email, a new request after a redirect.
   */
  loadAfresh(page: Page, url: string): Promise<void>;
  /** The SPA's own address at `hash` in this frame (a link in an email, a bookmark, a reload). */
  spa(hash: string, query?: Record<string, string>): string;
  /** Draws the screen `page` shows now, once per frame (camera.ts). */
  shoot(page: Page, screen: string, options?: ShootOptions): Promise<void>;
}

/** Browsers whose new tabs are counted already (the harness keeps a file's browsers from test to test). */
const watched = new WeakSet<BrowserContext>();

export const framesOf = (journey: Journey) => FRAMES.filter((frame) => journey.brands.includes(frame.brand));

const withoutHash = (address: string) => address.split('#')[0];

/** Runs one journey in one frame; answers the screens it drew. The caller empties the browsers after it. */
export async function drawJourney(harness: Harness, journey: Journey, frame: Frame, sink: ShotSink) {
  const frames = framesOf(journey);
  const drawn = new Set<string>();
  const params = { brand_id: frame.brand, ...frameParams(frame) };
  const browsers = new Map<string, { context: BrowserContext; page: Page }>();
  // Loads go through a page of the same site without the app rather than about:blank, which swaps
  // the tab's renderer process and back: that doubled each load's wall time.
  const parked = parkedAddress(harness.origin);
  /** The journey's tab again, as a new visitor finds it (the app's document left first, so it stores nothing more). */
  async function signedOut(page: Page) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(parked);
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    return page;
  }
  const context: JourneyContext = {
    harness,
    frame,
    lastOfBrand: frames.filter((other) => other.brand === frame.brand).at(-1) === frame,
    async open(features = {}) {
      const key = JSON.stringify(features);
      const known = browsers.get(key);
      if (known) return { context: known.context, page: await signedOut(known.page) };
      const opened = await harness.newPage(contextOptionsOf(frame), features);
      browsers.set(key, opened);
      await opened.context.clock.setFixedTime(FROZEN_TIME);
      await keepStill(opened.context);
      trackRequests(opened.page);
      // A tab the journey opens in the same browser (a helper's own page) is counted too.
      if (!watched.has(opened.context)) {
        opened.context.on('page', trackRequests);
        watched.add(opened.context);
      }
      return opened;
    },
    async loadAfresh(page, url) {
      // Through a page without the app only where the address differs from the page's own after '#'
      // alone: each navigation costs Chromium about 0.3 s of CPU, even to a page with no script.
      if (withoutHash(page.url()) === withoutHash(url)) await page.goto(parked);
      await page.goto(url);
    },
    async partner(extra = {}) {
      const partner = await createPartner(harness.origin);
      for (const [name, value] of Object.entries({ ...params, ...extra }))
        partner.authorizationUrl.searchParams.set(name, value);
      return partner;
    },
    spa(hash, query = {}) {
      const search = new URLSearchParams({ clientId: 'demo-app', brandId: frame.brand, ...query });
      if (frame.scheme === 'dark') search.set('theme', 'dark');
      return `${harness.origin}/?${search}#${hash}`;
    },
    async shoot(page, screen, options) {
      if (!journey.screens.includes(screen))
        throw new Error(`${journey.name} does not list ${screen} among its screens`);
      if (drawn.has(screen)) return;
      await shootScreen(page, frame, screen, sink, options);
      drawn.add(screen);
    },
  };
  await journey.run(context);
  return drawn;
}
