import { createGlobalThemeContract } from '@vanilla-extract/css';
import { type ThemeVarGroup, themeVarName } from './themeVarNames.ts';
import { colourNames } from './tokens.ts';

/** A group's property names, by each key's place (brand/themeVarNames.ts). */
const named = <const K extends string>(group: ThemeVarGroup, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key, index) => [key, themeVarName(group, index)])) as Record<K, string>;

/**
 * The one theme contract. Every style in the app reads these vars and nothing else, so a brand
 * switch is only a change of the theme class that fills them in (brand/themes.css.ts).
 * Its property names are global and short (brand/themeVarNames.ts), so the run-time theme needs no
 * table of them.
 */
export const vars = createGlobalThemeContract({
  color: named('c', colourNames),
  // body and heading first, radii s, m, l first: runtimeTheme.ts sets them by place.
  font: named('f', [
    'body',
    'heading',
    'sizeSmall',
    'sizeBody',
    'sizeTitle',
    'weightRegular',
    'weightBold',
    'lineHeight',
  ]),
  space: named('s', ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl']),
  radius: named('r', ['s', 'm', 'l', 'pill']),
  size: named('z', [
    'cardWidth',
    'logoHeight',
    'controlHeight',
    'focusRingWidth',
    'focusRingOffset',
    'bannerHeight',
    'spinner',
    'poweredByLogoHeight',
  ]),
});

/** Media queries cannot read custom properties, so the breakpoint is a constant beside the contract. */
export const media = {
  narrow: 'screen and (max-width: 599px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
  /**
   * Windows contrast themes: the browser paints with the theme's few system colours and drops
   * backgrounds and shadows, so what colour alone told apart needs a system colour or a shape there.
   */
  forcedColors: '(forced-colors: active)',
} as const;
