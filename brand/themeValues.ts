import type { BrandTheme } from './tokens.ts';

/** Type scale, spacing and sizes are shared; a brand differs in colours, fonts and corners. */
const sharedFont = {
  sizeSmall: '0.875rem',
  sizeBody: '1rem',
  sizeTitle: '1.5rem',
  weightRegular: '400',
  weightBold: '600',
  lineHeight: '1.5',
};
const space = { xxs: '2px', xs: '4px', s: '8px', m: '16px', l: '24px', xl: '32px', xxl: '48px' };
const size = {
  cardWidth: '440px',
  logoHeight: '40px',
  controlHeight: '44px',
  focusRingWidth: '3px',
  focusRingOffset: '2px',
  bannerHeight: '120px',
  spinner: '40px',
  poweredByLogoHeight: '20px',
};

/** Every value the theme contract (theme.css.ts) asks for, for one brand's theme. */
export function themeValuesOf(theme: BrandTheme) {
  return {
    color: theme.colours,
    font: { ...sharedFont, body: theme.fonts.body, heading: theme.fonts.heading },
    space,
    radius: { ...theme.radii, pill: '999px' },
    size,
  };
}
