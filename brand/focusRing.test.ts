import { describe, expect, it } from 'vitest';
import { loadBrandTokens, specBrandIds } from './registry.ts';

const brands = await Promise.all(specBrandIds.map((id) => loadBrandTokens(id)));

/** Hue in degrees and saturation (HSL, 0–1) of a #rrggbb colour. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0 };
  const lightness = (max + min) / 2;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const sector =
    max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { hue: sector * 60, saturation };
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

const themes = brands.flatMap((brand) => [
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
