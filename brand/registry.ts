import { ownEntry } from '../api/ownEntry.ts';
import { brand1210 } from './brands/brand-1210.ts';
import type { BrandTokens } from './tokens.ts';

export const DEFAULT_BRAND_ID = '1210';

/** Brand ids named by the spec (§9). Brand 0 is the default display. */
export const specBrandIds: readonly string[] = [
  '0',
  '1210',
  '1250',
  '2000',
  '2010',
  '2020',
  '2030',
  '2040',
  '2110',
  '2210',
  '3000',
  '3420',
  '3460',
  '3610',
  '3710',
  '4210',
  '4610',
  '4710',
  '4810',
  '4910',
  '5010',
  '5110',
  '5210',
  '6010',
  '7010',
  '7310',
  '7710',
];

/**
 * One literal dynamic import per brand, so Vite gives each brand (tokens and logo) its own chunk and
 * the first screen carries only the default brand.
 */
const loaders: Readonly<Record<string, () => Promise<BrandTokens>>> = {
  '0': async () => (await import('./brands/brand-0.ts')).brand0(brand1210.theme),
  '1250': async () => (await import('./brands/brand-1250.ts')).brand1250,
  '2000': async () => (await import('./brands/brand-2000.ts')).brand2000,
  '2010': async () => (await import('./brands/brand-2010.ts')).brand2010,
  '2020': async () => (await import('./brands/brand-2020.ts')).brand2020,
  '2030': async () => (await import('./brands/brand-2030.ts')).brand2030,
  '2040': async () => (await import('./brands/brand-2040.ts')).brand2040,
  '2110': async () => (await import('./brands/brand-2110.ts')).brand2110,
  '2210': async () => (await import('./brands/brand-2210.ts')).brand2210,
  '3000': async () => (await import('./brands/brand-3000.ts')).brand3000,
  '3420': async () => (await import('./brands/brand-3420.ts')).brand3420,
  '3460': async () => (await import('./brands/brand-3460.ts')).brand3460,
  '3610': async () => (await import('./brands/brand-3610.ts')).brand3610,
  '3710': async () => (await import('./brands/brand-3710.ts')).brand3710,
  '4210': async () => (await import('./brands/brand-4210.ts')).brand4210,
  '4610': async () => (await import('./brands/brand-4610.ts')).brand4610,
  '4710': async () => (await import('./brands/brand-4710.ts')).brand4710,
  '4810': async () => (await import('./brands/brand-4810.ts')).brand4810,
  '4910': async () => (await import('./brands/brand-4910.ts')).brand4910,
  '5010': async () => (await import('./brands/brand-5010.ts')).brand5010,
  '5110': async () => (await import('./brands/brand-5110.ts')).brand5110,
  '5210': async () => (await import('./brands/brand-5210.ts')).brand5210,
  '6010': async () => (await import('./brands/brand-6010.ts')).brand6010,
  '7010': async () => (await import('./brands/brand-7010.ts')).brand7010,
  '7310': async () => (await import('./brands/brand-7310.ts')).brand7310,
  '7710': async () => (await import('./brands/brand-7710.ts')).brand7710,
};

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
  const tokens = await loader();
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
