import { contrast, fromHsl, type Hsl, toHsl } from './colour.ts';
import type { BrandTheme, BrandTokens } from './tokens.ts';

/**
 * One rule turns every brand's light palette into its dark one (docs/colour-schemes.md), so 27 brands
 * need no 27 hand-made dark palettes and a designer who changes a brand's colours changes both. The
 * surfaces are near-black tinted with the brand's hue; each foreground keeps its light hue and is
 * lifted, a step of lightness at a time, until it reaches its WCAG ratio against every surface it is
 * drawn on (brand/contrast.test.ts checks the outcome for every brand). A brand that wants its own
 * dark palette writes it under `themes.dark`, which this rule then leaves alone.
 */

const STEP = 0.01;

/** The colour with its lightness raised until it reaches `ratio` against each of `surfaces`. */
function lift(colour: Hsl, surfaces: readonly string[], ratio: number): string {
  for (let lightness = colour.lightness; lightness < 1; lightness += STEP) {
    const candidate = fromHsl({ ...colour, lightness });
    if (surfaces.every((surface) => contrast(candidate, surface) >= ratio)) return candidate;
  }
  return '#FFFFFF';
}

export function deriveDarkTheme(light: BrandTheme): BrandTheme {
  const { colours } = light;
  const brandHsl = toHsl(colours.brand);
  const tint = (saturationCap: number, lightness: number): Hsl => ({
    hue: brandHsl.hue,
    saturation: Math.min(brandHsl.saturation, saturationCap),
    lightness,
  });
  const hued = (hex: string, saturation: number, lightness: number): Hsl => ({
    hue: toHsl(hex).hue,
    saturation: Math.max(toHsl(hex).saturation, saturation),
    lightness,
  });
  const background = fromHsl(tint(0.25, 0.08));
  const surface = fromHsl(tint(0.2, 0.12));
  const surfaces = [background, surface];
  const brand = lift({ ...brandHsl, lightness: Math.max(brandHsl.lightness, 0.5) }, surfaces, 4.5);
  const brandLifted = toHsl(brand);
  const errorSurface = fromHsl(hued(colours.error, 0.35, 0.15));
  return {
    ...light,
    scheme: 'dark',
    colours: {
      brand,
      brandHover: fromHsl({ ...brandLifted, lightness: Math.min(brandLifted.lightness + 0.1, 0.92) }),
      // Dark text on the lifted brand colour: it is light enough to carry 4.5:1 against the page.
      onBrand: background,
      background,
      surface,
      text: fromHsl(tint(0.2, 0.95)),
      textMuted: lift(tint(0.12, 0.7), surfaces, 4.5),
      border: lift(tint(0.1, 0.5), surfaces, 3),
      focusRing: lift(hued(colours.focusRing, 0.6, 0.55), surfaces, 3),
      error: lift(hued(colours.error, 0.9, 0.65), [surface, errorSurface], 4.5),
      errorSurface,
      success: lift(hued(colours.success, 0.5, 0.55), surfaces, 4.5),
      link: lift(hued(colours.link, 0.6, 0.65), surfaces, 4.5),
    },
  };
}

/** The brand with a dark palette: its own `themes.dark` when it has one, else the derived one. */
export function withDarkTheme(tokens: BrandTokens): BrandTokens {
  if (tokens.themes?.dark) return tokens;
  return { ...tokens, themes: { ...tokens.themes, dark: deriveDarkTheme(tokens.theme) } };
}
