import { and, desc, eq, lte } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { TermsOfService } from '../../api/contract/notices.ts';
import { localeAsset } from '../brand-assets/brand-assets.service.ts';
import { brandLocale, findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { type TermsVariantName, termsAcceptances, termsVersions } from '../db/schema.notices.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Audit } from '../security/audit.ts';
import type { Caller } from '../security/caller-audit.ts';
import { auditOf } from '../security/caller-audit.ts';
import { NoticeNeeded } from './notices.errors.ts';
import { dayOf } from './retired.service.ts';

/** Spec §9: brands 2000 to 4910 have a terms text of their own. */
const PARTNER_BRANDS = { from: 2000, to: 4910 } as const;

/** Which text a brand's users accept: 'partner' for brand ids 2000–4910, 'default' for every other. */
export function termsVariantOf(brandId: string): TermsVariantName {
  const id = /^\d+$/.test(brandId) ? Number(brandId) : Number.NaN;
  return id >= PARTNER_BRANDS.from && id <= PARTNER_BRANDS.to ? 'partner' : 'default';
}

export interface TermsVersion {
  variant: TermsVariantName;
  version: string;
  effectiveDate: string;
}

/** The variant's version in force on this day: the latest whose effective date has come. */
export async function currentTerms(
  db: Database,
  variant: TermsVariantName,
  now: Date,
): Promise<TermsVersion | undefined> {
  const [row] = await db
    .select()
    .from(termsVersions)
    .where(and(eq(termsVersions.variant, variant), lte(termsVersions.effectiveDate, dayOf(now))))
    .orderBy(desc(termsVersions.effectiveDate), desc(termsVersions.version))
    .limit(1);
  return row;
}

async function acceptedVersions(db: Database, userId: number, variant: TermsVariantName): Promise<string[]> {
  const rows = await db
    .select({ version: termsAcceptances.version })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.variant, variant)));
  return rows.map((row) => row.version);
}

const noTerms = () =>
  new ApiFailure(404, backendCode.internal, 'No terms of service are in force for this brand');

/**
 * The code request's terms step (730, docs/notices.md "Server"): an account that signs in under
 * click-through terms gets no code until it accepted the version of its brand's variant now in force.
 */
export async function requireTermsAccepted(
  db: Database,
  userId: number,
  user: { brandId: string; termsAcceptanceRequired: boolean } | undefined,
  now: Date,
): Promise<void> {
  if (!user?.termsAcceptanceRequired) return;
  const variant = termsVariantOf(user.brandId);
  const current = await currentTerms(db, variant, now);
  if (!current || (await acceptedVersions(db, userId, variant)).includes(current.version)) return;
  throw new NoticeNeeded(
    403,
    backendCode.termsNotAccepted,
    'The current terms of service must be accepted before an authorisation code is issued',
    { errorParameters: { version: current.version } },
  );
}

/** GET /api/terms: the terms the caller's account must accept now, in the caller's brand and locale. */
export async function termsFor(
  db: Database,
  caller: Caller,
  localeId: string | undefined,
  now: Date,
): Promise<TermsOfService> {
  const { user } = caller.session;
  const variant = termsVariantOf(user.brandId);
  const current = await currentTerms(db, variant, now);
  if (!current) throw noTerms();
  const accepted = await acceptedVersions(db, user.id, variant);
  const brand = await findBrand(db, user.brandId);
  const asset = localeAsset(brand, brandLocale(brand, localeId).replace('_', '-'));
  return {
    version: current.version,
    variant,
    brandId: user.brandId,
    effectiveDate: current.effectiveDate,
    updated: accepted.length > 0 && !accepted.includes(current.version),
    ...(asset?.termsOfServicePage ? { termsUrl: asset.termsOfServicePage } : {}),
  };
}

/**
 * POST /api/terms/accept: records that the caller accepted `version`, which must be the one in force
 * (731 otherwise: the text changed while the page was open). Accepting it again keeps the first record.
 */
export async function acceptTerms(
  deps: { db: Database; audit: Audit },
  caller: Caller,
  request: { clientId: string; version: string },
  now: Date,
): Promise<{ version: string; acceptedAt: string }> {
  const { db } = deps;
  const { user } = caller.session;
  const variant = termsVariantOf(user.brandId);
  const current = await currentTerms(db, variant, now);
  if (!current) throw noTerms();
  if (request.version !== current.version)
    throw new ApiFailure(
      409,
      backendCode.termsVersionChanged,
      'These terms of service are not the current version: load them again',
      { errorParameters: { version: current.version } },
    );
  const inserted = await db
    .insert(termsAcceptances)
    .values({
      userId: user.id,
      variant,
      version: current.version,
      clientId: request.clientId,
      acceptedAt: now,
    })
    .onConflictDoNothing()
    .returning({ acceptedAt: termsAcceptances.acceptedAt });
  if (inserted.length > 0)
    await auditOf(
      deps,
      caller,
      now,
    )('notice.terms_accepted', {
      termsVersion: current.version,
      termsVariant: variant,
      clientId: request.clientId,
    });
  const [first] = await db
    .select({ acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(
      and(
        eq(termsAcceptances.userId, user.id),
        eq(termsAcceptances.variant, variant),
        eq(termsAcceptances.version, current.version),
      ),
    )
    .limit(1);
  return { version: current.version, acceptedAt: (first?.acceptedAt ?? now).toISOString() };
}
