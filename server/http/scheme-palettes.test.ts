import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../brand/colour.ts';
import { pageStylesheet } from './page-stylesheet.ts';

/**
 * The style sheets of the server-rendered pages, light and dark (docs/colour-schemes.md "Server
 * pages"), read the way a browser would cascade them: the plain rules are the light scheme; the
 * `@media (prefers-color-scheme: dark)` rules under `html:not([data-scheme="light"])` are the browser's
 * dark; the `html[data-scheme="dark"]` rules are the request's dark. Every colour a sheet declares must
 * be in a pair below (or exempt, with its reason), and every pair must meet WCAG AA in both schemes.
 */

type Pair = readonly [foreground: string, background: string];
interface Sheet {
  /** Text on background: 4.5:1. */
  text: Pair[];
  /** Borders, focus rings and button shapes against what they sit on: 3:1. */
  ui: Pair[];
  /** Colours that are no text or boundary, and why. */
  exempt?: Record<string, string>;
  /** Served after the shared palette (server/http/page-stylesheet.ts), and read so here. */
  sharedPalette?: true;
}

/** A custom property of the sheet's palette (declared on `html`). */
const v = (name: string) => `html --${name}`;

/** The API reference and the outbox: the shared palette's text, code and links, nothing of their own. */
const PLAIN_PAGE: Sheet = {
  sharedPalette: true,
  text: [
    [v('text'), v('bg')],
    [v('text'), v('surface')],
    [v('text'), v('code')],
    [v('muted'), v('bg')],
    [v('muted'), v('surface')],
    [v('link'), v('bg')],
  ],
  ui: [
    [v('border'), v('surface')],
    [v('border'), v('bg')],
    [v('focus'), v('bg')],
    [v('focus'), v('surface')],
  ],
};

const SHARED_PALETTE_FILE = new URL('./page-palette.css', import.meta.url);

/** The shared palette itself: every pair any page that uses it draws. */
const SHARED_PALETTE: Sheet = {
  text: [
    ...PLAIN_PAGE.text,
    [v('error'), v('bg')],
    [v('error'), v('surface')],
    [v('on-accent'), v('accent')],
    [v('accent'), v('surface')],
  ],
  ui: PLAIN_PAGE.ui,
};

const SHEETS: Record<string, Sheet> = {
  './page-palette.css': SHARED_PALETTE,
  '../unsupported-browser/notice.css': {
    text: [
      ['html color', 'html background'],
      ['.address code color', '.address code background'],
    ],
    ui: [
      ['.address code border', '.address code background'],
      ['.address code border', 'html background'],
    ],
  },
  '../identity/idp.css': {
    sharedPalette: true,
    text: [
      [v('text'), v('bg')],
      [v('text'), v('surface')],
      [v('muted'), v('bg')],
      [v('muted'), v('surface')],
      [v('error'), v('bg')],
      [v('error'), v('surface')],
      [v('on-accent'), v('accent')],
      [v('accent'), v('surface')],
    ],
    ui: [
      [v('border'), v('surface')],
      [v('border'), v('bg')],
      [v('focus'), v('bg')],
      [v('focus'), v('surface')],
    ],
  },
  '../demo-app/demo.css': {
    text: [
      ...['bg', 'surface', 'error-surface', 'notice-surface'].flatMap((surface): Pair[] => [
        [v('text'), v(surface)],
        [v('brand'), v(surface)],
      ]),
      [v('on-brand'), v('brand')],
    ],
    ui: [
      [v('border'), v('surface')],
      [v('border'), v('bg')],
      [v('error-border'), v('error-surface')],
      [v('error-border'), v('bg')],
      [v('notice-border'), v('notice-surface')],
      [v('notice-border'), v('bg')],
      [v('focus'), v('bg')],
      [v('focus'), v('surface')],
    ],
    exempt: { '.qr background': 'a QR code scans dark on light: its quiet zone stays white in both schemes' },
  },
  '../openapi/reference.css': PLAIN_PAGE,
  '../delivery/outbox.css': PLAIN_PAGE,
};

interface Rule {
  media: string | undefined;
  selectors: string[];
  declarations: [property: string, value: string][];
}

/** The rules of a flat sheet (plain rules and one level of @media); anything else fails loudly. */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const token = /\s*(?:@media([^{]*)\{|([^{}@]+)\{([^{}]*)\}|(\}))\s*/y;
  const rules: Rule[] = [];
  let media: string | undefined;
  while (token.lastIndex < text.length) {
    const at = token.lastIndex;
    const match = token.exec(text);
    if (!match) throw new Error(`cannot read the sheet at ${at}: ${text.slice(at, at + 40)}`);
    const [, mediaQuery, selectors, body, close] = match;
    if (mediaQuery !== undefined) media = mediaQuery.trim();
    else if (close !== undefined) media = undefined;
    else
      rules.push({
        media,
        selectors: (selectors ?? '').split(',').map((selector) => selector.trim()),
        declarations: (body ?? '')
          .split(';')
          .map((declaration) => declaration.trim())
          .filter(Boolean)
          .map((declaration) => {
            const colon = declaration.indexOf(':');
            return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
          }),
      });
  }
  return rules;
}

const BROWSER_DARK = '(prefers-color-scheme: dark)';
const NOT_LIGHT = 'html:not([data-scheme="light"])';
const CHOSEN_DARK = 'html[data-scheme="dark"]';
const CHOSEN_LIGHT = 'html[data-scheme="light"]';

/** The selector without the scheme prefix (`html` itself when it is all), or undefined without it. */
function under(prefix: string, selector: string): string | undefined {
  if (selector === prefix) return 'html';
  return selector.startsWith(`${prefix} `) ? selector.slice(prefix.length + 1) : undefined;
}

type Palette = Map<string, string>;

/** `selector property` → value, for each way a page can end up: light, browser dark, chosen dark or light. */
function palettes(css: string) {
  const rules = rulesOf(css);
  const light: Palette = new Map();
  const overrides = { browserDark: new Map(), chosenDark: new Map(), chosenLight: new Map() };
  const put = (palette: Palette, selector: string, rule: Rule) => {
    for (const [property, value] of rule.declarations) palette.set(`${selector} ${property}`, value);
  };
  for (const rule of rules) {
    for (const selector of rule.selectors) {
      if (rule.media === BROWSER_DARK) {
        const plain = under(NOT_LIGHT, selector);
        // Under the browser's dark, a rule that does not yield to a chosen light would beat the request.
        if (plain === undefined)
          throw new Error(`${selector} in ${BROWSER_DARK} does not yield to theme=light`);
        put(overrides.browserDark, plain, rule);
      } else if (rule.media !== undefined) {
        // Other media (forced colours, say) are no scheme.
      } else if (under(CHOSEN_DARK, selector) !== undefined) {
        put(overrides.chosenDark, under(CHOSEN_DARK, selector) ?? '', rule);
      } else if (under(CHOSEN_LIGHT, selector) !== undefined) {
        put(overrides.chosenLight, under(CHOSEN_LIGHT, selector) ?? '', rule);
      } else if (selector.includes('data-scheme')) {
        throw new Error(`${selector}: a scheme rule of no known form`);
      } else {
        put(light, selector, rule);
      }
    }
  }
  const over = (extra: Palette) => new Map([...light, ...extra]);
  return {
    light,
    browserDark: over(overrides.browserDark),
    chosenDark: over(overrides.chosenDark),
    chosenLight: over(overrides.chosenLight),
  };
}

const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i;

/** The #rrggbb a declaration names (`1px solid #abc` included). */
function colourOf(palette: Palette, key: string): string {
  const value = palette.get(key);
  const hex = value === undefined ? undefined : HEX.exec(value)?.[0];
  if (!hex) throw new Error(`${key} declares no colour (${value})`);
  return hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;
}

const withoutScheme = (palette: Palette) =>
  new Map([...palette].filter(([key]) => !key.endsWith(' color-scheme')));

describe.each(Object.entries(SHEETS))('%s', (file, sheet) => {
  const own = new URL(file, import.meta.url);
  const css = sheet.sharedPalette ? pageStylesheet(own) : readFileSync(own, 'utf8');
  const schemes = palettes(css);

  it('is light and dark by default, and a chosen scheme sets color-scheme to that one', () => {
    expect(schemes.light.get('html color-scheme')).toBe('light dark');
    expect(schemes.chosenLight.get('html color-scheme')).toBe('light');
    expect(schemes.chosenDark.get('html color-scheme')).toBe('dark');
  });

  it("draws a chosen dark exactly as the browser's dark, and a chosen light as light", () => {
    expect(withoutScheme(schemes.chosenDark)).toEqual(withoutScheme(schemes.browserDark));
    expect(withoutScheme(schemes.chosenLight)).toEqual(withoutScheme(schemes.light));
    expect(withoutScheme(schemes.browserDark)).not.toEqual(withoutScheme(schemes.light));
  });

  it.each([
    ['light', schemes.light],
    ['dark', schemes.browserDark],
  ])('meets 4.5:1 for text and 3:1 for boundaries in %s', (_, palette) => {
    const short = (pairs: Pair[], minimum: number) =>
      pairs
        .map(([foreground, background]) => ({
          pair: `${foreground} on ${background}`,
          ratio: contrast(colourOf(palette, foreground), colourOf(palette, background)),
        }))
        .filter(({ ratio }) => ratio < minimum);
    expect(short(sheet.text, 4.5)).toEqual([]);
    expect(short(sheet.ui, 3)).toEqual([]);
  });

  it('declares no colour the pairs leave out, and only as #hex or a palette variable', () => {
    const named = new Set([...sheet.text, ...sheet.ui].flat());
    // The shared palette's colours are the palette entry's to pair; a page answers for its own rules.
    const shared = sheet.sharedPalette ? palettes(readFileSync(SHARED_PALETTE_FILE, 'utf8')) : undefined;
    for (const [scheme, palette] of Object.entries(schemes))
      for (const [key, value] of palette) {
        if (shared?.[scheme as keyof typeof shared].get(key) === value) continue;
        if (HEX.test(value)) expect(named.has(key) || key in (sheet.exempt ?? {}), key).toBe(true);
        const property = key.slice(key.lastIndexOf(' ') + 1);
        if (/^(color|background|background-color|border|border-color|outline|outline-color)$/.test(property))
          expect(value, key).toMatch(/#[0-9a-f]{3,6}\b|var\(--[a-z-]+\)|^(inherit|none|0)$/i);
      }
  });

  it('leaves nothing to colours that forced-colors mode drops (shadows, background images)', () => {
    expect(css).not.toMatch(/box-shadow|background-image|url\(/);
  });
});
