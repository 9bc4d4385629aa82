import { ownEntry } from '../api/ownEntry.ts';
import { brand1210 } from './brands/brand-1210.ts';
import type { BrandTokens } from './tokens.ts';

export const DEFAULT_BRAND_ID = '1210';

/**
 * One literal dynamic import per brand, so Vite gives each brand (tokens and logo) its own chunk and
 * the first screen carries only the default brand. Each brand file exports its tokens as default: a
 * named export would make Rolldown wrap every import in code that picks the name out (0.2 KB more
 * on the first screen). Brand 0 (the default display) is the default brand's theme under its names.
 */
const loaders: Readonly<Record<string, () => Promise<BrandTokens>>> = {
  '0': async () => (await import('./brands/brand-0.ts')).brand0(brand1210.theme, brand1210.themes),
  '1250': () => import('./brands/brand-1250.ts').then((m) => m.default),
  '2000': () => import('./brands/brand-2000.ts').then((m) => m.default),
  '2010': () => import('./brands/brand-2010.ts').then((m) => m.default),
  '2020': () => import('./brands/brand-2020.ts').then((m) => m.default),
  '2030': () => import('./brands/brand-2030.ts').then((m) => m.default),
  '2040': () => import('./brands/brand-2040.ts').then((m) => m.default),
  '2110': () => import('./brands/brand-2110.ts').then((m) => m.default),
  '2210': () => import('./brands/brand-2210.ts').then((m) => m.default),
  '3000': () => import('./brands/brand-3000.ts').then((m) => m.default),
  '3420': () => import('./brands/brand-3420.ts').then((m) => m.default),
  '3460': () => import('./brands/brand-3460.ts').then((m) => m.default),
  '3610': () => import('./brands/brand-3610.ts').then((m) => m.default),
  '3710': () => import('./brands/brand-3710.ts').then((m) => m.default),
  '4210': () => import('./brands/brand-4210.ts').then((m) => m.default),
  '4610': () => import('./brands/brand-4610.ts').then((m) => m.default),
  '4710': () => import('./brands/brand-4710.ts').then((m) => m.default),
  '4810': () => import('./brands/brand-4810.ts').then((m) => m.default),
  '4910': () => import('./brands/brand-4910.ts').then((m) => m.default),
  '5010': () => import('./brands/brand-5010.ts').then((m) => m.default),
  '5110': () => import('./brands/brand-5110.ts').then((m) => m.default),
  '5210': () => import('./brands/brand-5210.ts').then((m) => m.default),
  '6010': () => import('./brands/brand-6010.ts').then((m) => m.default),
  '7010': () => import('./brands/brand-7010.ts').then((m) => m.default),
  '7310': () => import('./brands/brand-7310.ts').then((m) => m.default),
  '7710': () => import('./brands/brand-7710.ts').then((m) => m.default),
};

/**
 * Brand ids named by the spec (§9), in ascending order (an object's integer-like keys iterate so).
 * Brand 0 is the default display.
 */
export const specBrandIds: readonly string[] = Object.keys({ [DEFAULT_BRAND_ID]: 0, ...loaders });

/** Brands whose tokens have arrived; getBrand answers from here. */
const loaded = new Map<string, BrandTokens>([[DEFAULT_BRAND_ID, brand1210]]);

/**
 * Loads a brand's tokens (once) so that getBrand can return them. Ids without a token file resolve to
 * what getBrand gives them. A failed chunk load rejects and caches nothing, so a later call retries.
 */
export async function loadBrandTokens(brandId: string): Promise<BrandTokens> {
  const cached = loaded.get(brandId);
  if (cached) return cached;
  const loader = ownEntry(loaders, brandId);
  if (!loader) return getBrand(brandId);
  // The dark palette is derived here rather than in the token files, and its rule loads with the brand
  // (not on the first screen: the default brand's dark palette is its own).
  const [light, { withDarkTheme }] = await Promise.all([loader(), import('./darkTheme.ts')]);
  const tokens = withDarkTheme(light);
  loaded.set(brandId, tokens);
  return tokens;
}

/**
 * Tokens for a brand id, synchronously. A spec brand whose tokens are not loaded (or failed to load)
 * wears the default brand's look but keeps its id, so id-driven rules (footer variant, sign-up
 * visibility) still apply to it. Any other id is unknown and becomes the default brand.
 */
export function getBrand(brandId: string | undefined): BrandTokens {
  if (brandId === undefined) return brand1210;
  const cached = loaded.get(brandId);
  if (cached) return cached;
  if (specBrandIds.includes(brandId)) return { ...brand1210, brandId };
  return brand1210;
}
