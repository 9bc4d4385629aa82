/**
 * The theme contract's custom property names (brand/theme.css.ts): a group letter and the key's place
 * in its group. Names the run-time theme (runtimeTheme.ts) can work out from the token lists, so the
 * first screen carries no table of them; short and alike, so the style sheet compresses as well as
 * with vanilla-extract's hashed names.
 */
export type ThemeVarGroup = 'c' | 'f' | 's' | 'r' | 'z';

export const themeVarName = (group: ThemeVarGroup, index: number) => `f${group}${index.toString(36)}`;
