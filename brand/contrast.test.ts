import { describe, expect, it } from 'vitest';
import { contrast } from './colour.ts';
import { withDarkTheme } from './darkTheme.ts';
import { loadBrandTokens, specBrandIds } from './registry.ts';
import type { ColourName } from './tokens.ts';

const brands = await Promise.all(specBrandIds.map((id) => loadBrandTokens(id)));

/** Text pairs need 4.5:1 (WCAG AA, normal text); borders and focus rings need 3:1 (non-text). */
const textPairs: [ColourName, ColourName][] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['link', 'background'],
  ['link', 'surface'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandHover'],
  ['error', 'surface'],
  ['error', 'errorSurface'],
  ['success', 'surface'],
  ['brand', 'surface'],
];
const uiPairs: [ColourName, ColourName][] = [
  ['border', 'surface'],
  ['focusRing', 'background'],
  ['focusRing', 'surface'],
];
// The focus ring is drawn outside the control (outline-offset), so it is judged against the page
// and card colours, not against the brand-coloured button it surrounds.

// Every theme a brand has: light, dark (its own or the derived one) and the ones the theme parameter may pick.
const themes = brands
  .map(withDarkTheme)
  .flatMap((brand) => [
    { label: `${brand.brandId} light`, theme: brand.theme },
    ...Object.entries(brand.themes ?? {}).map(([id, theme]) => ({ label: `${brand.brandId} ${id}`, theme })),
  ]);

describe.each(themes)('theme $label colour contrast', ({ theme }) => {
  it.each(textPairs)('%s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrast(theme.colours[fg], theme.colours[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(uiPairs)('%s against %s reaches 3:1', (fg, bg) => {
    expect(contrast(theme.colours[fg], theme.colours[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe('contrast formula', () => {
  it('is applied to every spec brand in both schemes', () => {
    expect(brands.map((brand) => brand.brandId)).toEqual(specBrandIds);
    expect(themes.filter(({ label }) => label.endsWith(' dark'))).toHaveLength(specBrandIds.length);
  });

  it('matches the WCAG reference values', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});
