import { brand1210 } from './brands/brand-1210.ts';
import { brand7710 } from './brands/brand-7710.ts';
import { themeClasses } from './themes.css.ts';
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

const tokenFiles: Readonly<Record<string, BrandTokens>> = { '1210': brand1210, '7710': brand7710 };

/**
 * Tokens for a brand id. A spec brand without its own token file wears the default brand's look but
 * keeps its id, so id-driven rules (footer variant, sign-up visibility) still apply to it. Any other
 * id is unknown and becomes the default brand.
 */
export function getBrand(brandId: string | undefined): BrandTokens {
  if (brandId !== undefined && Object.hasOwn(tokenFiles, brandId)) return tokenFiles[brandId] ?? brand1210;
  if (brandId !== undefined && specBrandIds.includes(brandId)) return { ...brand1210, brandId };
  return brand1210;
}

/** The theme class for a brand id; brands without a token file get the default's theme. */
export function themeClassOf(brandId: string | undefined): string {
  const byId: Readonly<Record<string, string>> = themeClasses;
  return (
    (brandId !== undefined && Object.hasOwn(byId, brandId) && byId[brandId]) || themeClasses[DEFAULT_BRAND_ID]
  );
}
