import { createTheme } from '@vanilla-extract/css';
import { brand1210 } from './brands/brand-1210.ts';
import { brand7710 } from './brands/brand-7710.ts';
import { vars } from './theme.css.ts';
import type { BrandTokens } from './tokens.ts';

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

function themeOf(tokens: BrandTokens): string {
  return createTheme(vars, {
    color: tokens.theme.colours,
    font: { ...sharedFont, body: tokens.theme.fonts.body, heading: tokens.theme.fonts.heading },
    space,
    radius: { ...tokens.theme.radii, pill: '999px' },
    size,
  });
}

/** One class per brand with a token file; registry.ts maps every other id to the default's class. */
export const themeClasses = {
  '1210': themeOf(brand1210),
  '7710': themeOf(brand7710),
};
