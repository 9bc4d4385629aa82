import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { termsAcceptances, termsVersions } from './schema.notices.ts';
import { clients, type ScopeRecord } from './schema.oauth.ts';
import { users } from './schema.users.ts';
import { upsertSeeded } from './seed-rows.ts';
import { type SeedUser, STATE_DEMO_PASSWORD } from './seed-user.ts';

/**
 * Notices demos (docs/notices.md "Server", README): the FedRAMP and terms accounts, the published terms
 * versions, and a retired app. Names, addresses and store links are fictional.
 */

export const RETIRED_CLIENT_ID = 'retired-app';
export const RETIRED_REDIRECT_PATH = '/retired-app/callback';
export const RETIRED_SIGNED_OUT_PATH = '/retired-app/signed-out';

/** Published terms texts: the latest of a variant whose date has come is the one to accept. */
export const TERMS_VERSIONS = [
  { variant: 'default', version: '2025-03-01', effectiveDate: '2025-03-01' },
  { variant: 'default', version: '2026-09-01', effectiveDate: '2026-09-01' },
  { variant: 'partner', version: '2025-06-01', effectiveDate: '2025-06-01' },
  { variant: 'partner', version: '2026-10-15', effectiveDate: '2026-10-15' },
] as const;

interface NoticeDemo {
  name: string;
  brandId: string;
  displayName: string;
  fedrampNoticeRequired?: boolean;
  termsAcceptanceRequired?: boolean;
  /** A default-variant version the account accepted before, so the terms page says they were updated. */
  acceptedTerms?: string;
}

const NOTICE_DEMOS: NoticeDemo[] = [
  // A government account: the FedRAMP notice at every sign-in (720).
  { name: 'fedramp', brandId: '1210', displayName: 'Frances Redmond', fedrampNoticeRequired: true },
  // Accepted the 2025 terms: the 2026 text is shown as updated (730).
  {
    name: 'tos',
    brandId: '1210',
    displayName: 'Tobias Osgood',
    termsAcceptanceRequired: true,
    acceptedTerms: '2025-03-01',
  },
  // A UK partner brand (3710): the partner text, never accepted yet (730).
  { name: 'tos3710', brandId: '3710', displayName: 'Tamsin Oakley', termsAcceptanceRequired: true },
  // Both notices in one sign-in (FedRAMP, then the terms) on the UK brand and the meeting-app brand,
  // so each notice page is seen in those brands' frames (the SPA's browser tests).
  {
    name: 'notices7710',
    brandId: '7710',
    displayName: 'Nell Ashcombe',
    fedrampNoticeRequired: true,
    termsAcceptanceRequired: true,
  },
  {
    name: 'notices7310',
    brandId: '7310',
    displayName: 'Noel Tremblay',
    fedrampNoticeRequired: true,
    termsAcceptanceRequired: true,
  },
];

/** Password STATE_DEMO_PASSWORD like the other demos; seed-demo-users.ts adds them to SEED_USERS. */
export const NOTICE_SEED_USERS: SeedUser[] = NOTICE_DEMOS.map((demo, index) => {
  const serial = String(index + 1).padStart(2, '0');
  return {
    brandId: demo.brandId,
    accountId: `4007000${serial}`,
    extensionId: `4007001${serial}`,
    email: `${demo.name}@example.com`,
    phoneNumber: null,
    extension: '',
    password: STATE_DEMO_PASSWORD,
    state: 'active',
    stateReason: null,
    isAdmin: false,
    displayName: demo.displayName,
    fedrampNoticeRequired: demo.fedrampNoticeRequired ?? false,
    termsAcceptanceRequired: demo.termsAcceptanceRequired ?? false,
  };
});

const RETIRED_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
];

/** A first-party app retired in favour of Demo Notes; its URIs follow the public origin like the others'. */
export const retiredClient = (publicOrigin: string) => ({
  id: RETIRED_CLIENT_ID,
  name: 'Foyer Classic',
  firstParty: true,
  requirePkce: true,
  redirectUris: [`${publicOrigin}${RETIRED_REDIRECT_PATH}`],
  scopes: RETIRED_SCOPES,
  postLogoutRedirectUris: [`${publicOrigin}${RETIRED_SIGNED_OUT_PATH}`],
  retiredOn: '2026-06-30',
  replacementName: 'Demo Notes',
  replacementAppStoreUrl: 'https://apps.example.com/app/demo-notes',
  replacementDownloadUrl: 'https://downloads.example.com/demo-notes/latest',
});

/** The terms of service versions (product data, written in production too): inserted once, never overwritten. */
export async function seedTermsVersions(db: Database): Promise<void> {
  await db
    .insert(termsVersions)
    .values([...TERMS_VERSIONS])
    .onConflictDoNothing();
}

/**
 * Idempotent, after the users are seeded: the retired demo client (its URIs follow the public origin,
 * a person's change kept: seed-rows.ts); a demo's earlier acceptance is inserted once.
 */
export async function seedNoticeDemos(db: Database, publicOrigin: string): Promise<void> {
  await upsertSeeded(db, clients, [retiredClient(publicOrigin)]);
  for (const demo of NOTICE_DEMOS) {
    if (demo.acceptedTerms === undefined) continue;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${demo.name}@example.com`))
      .limit(1);
    if (!user) throw new Error(`notice demo ${demo.name} was not seeded`);
    await db
      .insert(termsAcceptances)
      .values({
        userId: user.id,
        variant: 'default',
        version: demo.acceptedTerms,
        clientId: 'demo-notes',
        acceptedAt: new Date(`${demo.acceptedTerms}T09:00:00Z`),
      })
      .onConflictDoNothing();
  }
}
