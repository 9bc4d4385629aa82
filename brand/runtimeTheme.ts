import { brand1210 } from './brands/brand-1210.ts';
import { type ThemeVarGroup, themeVarName } from './themeVarNames.ts';
import { type BrandTheme, colourNames } from './tokens.ts';

/** Custom properties with their values, for React's `style` prop. */
export type ThemeStyle = Readonly<Record<`--${string}`, string>>;

/**
 * The properties a lazily loaded brand overrides on top of the default theme class. React applies
 * them through CSSOM (style.setProperty) on the client, which the CSP allows, unlike a style
 * attribute. Only what varies between brands is set; spacing and sizes stay the class's. The
 * default look needs nothing, so it returns undefined.
 */
export function themeStyleOf(theme: BrandTheme): ThemeStyle | undefined {
  if (theme === brand1210.theme) return undefined;
  const style: Record<`--${string}`, string> = {};
  const set = (group: ThemeVarGroup, values: readonly string[]) =>
    values.forEach((value, index) => {
      style[`--${themeVarName(group, index)}`] = value;
    });
  // In the contract's order (theme.css.ts).
  set(
    'c',
    colourNames.map((name) => theme.colours[name]),
  );
  set('f', [theme.fonts.body, theme.fonts.heading]);
  set('r', [theme.radii.s, theme.radii.m, theme.radii.l]);
  return style;
}
