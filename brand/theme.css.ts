import { createThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract. Every style in the app reads these vars and nothing else, so a brand
 * switch is only a change of the theme class that fills them in (brand/themes.css.ts).
 */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandHover: null,
    onBrand: null,
    background: null,
    surface: null,
    text: null,
    textMuted: null,
    border: null,
    focusRing: null,
    error: null,
    errorSurface: null,
    success: null,
    link: null,
  },
  font: {
    body: null,
    heading: null,
    sizeSmall: null,
    sizeBody: null,
    sizeTitle: null,
    weightRegular: null,
    weightBold: null,
    lineHeight: null,
  },
  space: { xxs: null, xs: null, s: null, m: null, l: null, xl: null, xxl: null },
  radius: { s: null, m: null, l: null, pill: null },
  size: {
    cardWidth: null,
    logoHeight: null,
    controlHeight: null,
    focusRingWidth: null,
    focusRingOffset: null,
    bannerHeight: null,
    spinner: null,
    poweredByLogoHeight: null,
  },
});

/** Media queries cannot read custom properties, so the breakpoint is a constant beside the contract. */
export const media = {
  narrow: 'screen and (max-width: 599px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
