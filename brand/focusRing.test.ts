import { describe, expect, it } from 'vitest';
import { toHsl as hueAndSaturation, hueDistance } from './colour.ts';
import { withDarkTheme } from './darkTheme.ts';
import { loadBrandTokens, specBrandIds } from './registry.ts';

const brands = await Promise.all(specBrandIds.map((id) => loadBrandTokens(id)));

const themes = brands
  .map(withDarkTheme)
  .flatMap((brand) => [
    { label: brand.brandId, theme: brand.theme },
    ...Object.entries(brand.themes ?? {}).map(([id, theme]) => ({ label: `${brand.brandId} ${id}`, theme })),
  ]);

/*
 * A focused, empty field must not look like a field in error: the focus ring is never of the error
 * colour's family (a hue at least 30° away, or nearly grey). Its 3:1 contrast is brand/contrast.test.ts.
 */
describe.each(themes)('theme $label focus ring', ({ theme }) => {
  it('is not read as an error', () => {
    const ring = hueAndSaturation(theme.colours.focusRing);
    const error = hueAndSaturation(theme.colours.error);
    const reads =
      ring.saturation < 0.15 ? 'neutral' : hueDistance(ring.hue, error.hue) >= 30 ? 'apart' : 'error';
    expect(reads, `${theme.colours.focusRing} beside the error colour ${theme.colours.error}`).not.toBe(
      'error',
    );
  });
});

describe('hue', () => {
  it('matches known colours', () => {
    expect(hueAndSaturation('#FF0000').hue).toBe(0);
    expect(hueAndSaturation('#00FF00').hue).toBe(120);
    expect(hueAndSaturation('#0000FF').hue).toBe(240);
    expect(hueAndSaturation('#777777').saturation).toBe(0);
    expect(hueDistance(350, 10)).toBe(20);
  });
});
