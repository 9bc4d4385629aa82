import { createTheme } from '@vanilla-extract/css';
import { brand1210 } from './brands/brand-1210.ts';
import { vars } from './theme.css.ts';
import { themeValuesOf } from './themeValues.ts';

/**
 * Only the default brand has a static theme class, so the first paint needs no values from script.
 * Every other brand loads on demand and overrides the brand-specific vars at run time (runtimeTheme.ts).
 */
export const defaultThemeClass = createTheme(vars, themeValuesOf(brand1210.theme));
