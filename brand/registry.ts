import { ownEntry } from '../api/ownEntry.ts';
import { brand1210 } from './brands/brand-1210.ts';
import type { BrandTokens } from './tokens.ts';

export const DEFAULT_BRAND_ID = '1210';

/**
 * One dynamic import per brand file (each exports its tokens as default), so Vite gives each brand
 * (tokens and logo) its own chunk and the first screen carries only the default brand. A glob, not a
 * hand-written table: the entry chunk then holds one loader per brand and no per-brand export code.
 * Brand 0 (the default display) is the default brand's theme under its own names.
 */
const modules = import.meta.glob<BrandTokens>(
  ['./brands/brand-*.ts', '!./brands/brand-0.ts', '!./brands/brand-1210.ts'],
  { import: 'default' },
);
const loaders: Readonly<Record<string, () => Promise<BrandTokens>>> = {
  '0': async () => (await import('./brands/brand-0.ts')).brand0(brand1210.theme),
  ...Object.fromEntries(
    Object.entries(modules).map(([path, load]) => [/brand-(\d+)/.exec(path)?.[1] ?? path, load]),
  ),
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
