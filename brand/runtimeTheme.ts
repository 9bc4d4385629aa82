import { brand1210 } from './brands/brand-1210.ts';
import { vars } from './theme.css.ts';
import { type BrandTheme, colourNames } from './tokens.ts';

/** Custom properties with their values, for React's `style` prop. */
export type ThemeStyle = Readonly<Record<`--${string}`, string>>;

/** `var(--name)` → `--name`: the contract's vars are references, the style needs the property. */
function propertyOf(reference: string): `--${string}` {
  const match = /^var\((--[^),]+)\)$/.exec(reference);
  if (!match?.[1]) throw new Error(`${reference} is not a theme contract var`);
  return match[1] as `--${string}`;
}

/**
 * The properties a lazily loaded brand overrides on top of the default theme class. React applies
 * them through CSSOM (style.setProperty) on the client, which the CSP allows, unlike a style
 * attribute. Only what varies between brands is set; spacing and sizes stay the class's. The
 * default look needs nothing, so it returns undefined.
 */
export function themeStyleOf(theme: BrandTheme): ThemeStyle | undefined {
  if (theme === brand1210.theme) return undefined;
  const style: Record<`--${string}`, string> = {};
  for (const name of colourNames) style[propertyOf(vars.color[name])] = theme.colours[name];
  style[propertyOf(vars.font.body)] = theme.fonts.body;
  style[propertyOf(vars.font.heading)] = theme.fonts.heading;
  style[propertyOf(vars.radius.s)] = theme.radii.s;
  style[propertyOf(vars.radius.m)] = theme.radii.m;
  style[propertyOf(vars.radius.l)] = theme.radii.l;
  return style;
}
