import type { BrowserContextOptions } from 'playwright-core';
import { KNOWN_LOCALES } from '../../api/contract/locales.ts';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { iPhone } from '../browser/harness.ts';

/**
 * The gallery's matrix (docs/gallery/README.md): every screen is drawn in several frames, and each value
 * of each axis (brand, scheme, viewport, locale) appears at least once per screen where the product can
 * draw it. Only the default brand offers every locale (the others offer their own: 7710 and 3710
 * British English, 7310 Canadian English), so the locales ride on brand 1210, switched in place with
 * the page's own language selector, and each other brand is drawn once, in its own language.
 */
export type BrandId = '1210' | '7710' | '7310' | '3710';
export type Scheme = 'light' | 'dark';
export type Viewport = 'desktop' | 'phone';

export interface Frame {
  brand: BrandId;
  scheme: Scheme;
  viewport: Viewport;
  /** The locales drawn in this frame, each switched to in place; none: the brand's own, as it shows. */
  locales: readonly string[];
}

export const FRAMES: readonly Frame[] = [
  { brand: '1210', scheme: 'light', viewport: 'desktop', locales: ['en_US', 'de_DE'] },
  { brand: '1210', scheme: 'dark', viewport: 'phone', locales: ['ja_JP', 'rc_XX'] },
  { brand: '7710', scheme: 'dark', viewport: 'desktop', locales: [] },
  { brand: '7310', scheme: 'light', viewport: 'phone', locales: [] },
  { brand: '3710', scheme: 'light', viewport: 'desktop', locales: [] },
];

export const frameName = (frame: Frame) => `${frame.brand}-${frame.scheme}-${frame.viewport}`;

/**
 * The browser a frame is drawn in. The phone is Playwright's iPhone profile (the app picks its mobile
 * layout from the user agent) at one device pixel per CSS pixel, which keeps its baselines small; the
 * time zone is fixed, as the clock is (FROZEN_TIME), so dates and times read the same on every machine.
 */
export function contextOptionsOf(frame: Frame): BrowserContextOptions {
  const device =
    frame.viewport === 'phone'
      ? { ...iPhone, deviceScaleFactor: 1 }
      : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
  return { ...device, timezoneId: 'UTC' };
}

/**
 * What `Date` answers in every gallery page: copyright years, the time a code was sent and the resend
 * countdown read it. A fixed time (timers still run) instead of an installed clock, so the app's own
 * waits and polls go on as usual.
 */
export const FROZEN_TIME = new Date('2026-06-15T09:30:00Z');

/** The start-up parameters that put a page in the frame: its brand and, for dark, the brand's dark theme. */
export function frameParams(frame: Frame): Record<string, string> {
  return frame.scheme === 'dark' ? { theme: 'dark' } : {};
}

/** A locale id from the page's `lang` (en-GB → en_GB, en-XB → rc_XX); the tag itself when none matches. */
export const localeOfTag = (tag: string) =>
  KNOWN_LOCALES.find((localeId) => toLanguageTag(localeId) === tag) ?? tag;

/** One picture: a screen (a route, and a variant where one route shows distinct pages) in one combination. */
export interface Shot {
  screen: string;
  brand: string;
  scheme: Scheme;
  viewport: Viewport;
  locale: string;
}

export const comboName = (shot: Omit<Shot, 'screen'>) =>
  `${shot.brand}-${shot.scheme}-${shot.viewport}-${shot.locale}`;

/** Where a shot's picture lives, relative to the baselines folder (and to the diff folder). */
export const shotPath = (shot: Shot) => `${shot.screen}/${comboName(shot)}.png`;

export const VIEWPORT_LABELS: Readonly<Record<Viewport, string>> = {
  desktop: 'desktop 1280 × 800',
  phone: 'phone 390 × 664',
};
