import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { passkeyBrands } from '../db/schema.passkeys.ts';
import { PASSKEY_BRAND_IDS, SEED_BRANDS } from '../db/seed-brands.ts';

/** Whether the brand offers passkeys (brand config's `passkeys`); a brand without a row does not. */
export async function passkeysAllowed(db: Database, brandId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: passkeyBrands.enabled })
    .from(passkeyBrands)
    .where(eq(passkeyBrands.brandId, brandId))
    .limit(1);
  return row?.enabled ?? false;
}

/**
 * One row per seeded brand, written only when missing (at every boot, from server/db/seed.ts): an
 * operator who turns passkeys on or off for a brand in the table keeps that choice.
 */
export async function seedPasskeyBrands(db: Database): Promise<void> {
  await db
    .insert(passkeyBrands)
    .values(
      SEED_BRANDS.map((brand) => ({ brandId: brand.id, enabled: PASSKEY_BRAND_IDS.includes(brand.id) })),
    )
    .onConflictDoNothing();
}
