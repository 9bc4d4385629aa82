import { describe, expect, it } from 'vitest';
import { loadBrandTokens, specBrandIds } from './registry.ts';
import type { ColourName } from './tokens.ts';

const brands = await Promise.all(specBrandIds.map((id) => loadBrandTokens(id)));

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`${hex} is not #rrggbb`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

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

// Every theme a brand has, its default and the ones the theme parameter may pick.
const themes = brands.flatMap((brand) => [
  { label: brand.brandId, theme: brand.theme },
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
  it('is applied to every spec brand', () => {
    expect(brands.map((brand) => brand.brandId)).toEqual(specBrandIds);
  });

  it('matches the WCAG reference values', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});
