import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Database } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import type { KekRing } from '../security/key-encryption.ts';
import { openPrivateJwk, sealClearSigningKeys, sealPrivateJwk } from './sealed-keys.ts';

/** Access tokens, logout tokens and the server's own requests are signed with ES256. */
export const SIGNING_ALG = 'ES256';
/**
 * The algorithms the ring holds a key for: ES256, and RS256, OpenID Connect's default for ID tokens
 * (Core §15.1), which every relying-party library verifies. Each rotates on its own schedule's rules.
 */
export const SIGNING_ALGS = ['ES256', 'RS256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

/** How often a process re-reads the key ring (a rotation reaches every process within this). */
export const KEY_RING_REFRESH_MS = 60_000;
/**
 * A rotated-in key is published this long before it signs: every process has re-read the ring and every
 * verifier's cached JWKS (max-age 300 s) has expired by then.
 */
export const KEY_PUBLISH_LEAD_MS = 10 * 60_000;
/** A retired key stays published this long after it stopped signing: the longest-lived token it signed. */
export const KEY_RETIRE_AFTER_MS = 60 * 60_000;

type KeyRow = typeof signingKeys.$inferSelect;

/**
 * The signing keys, shared by every process through the database (docs/deployment.md "Signing keys"):
 * the newest active key whose `signs_from` has come signs; every active key is published and accepted.
 */
export interface SigningKeys {
  /** The key that signs now with this algorithm (ES256 unless named). */
  signer(alg?: SigningAlg): Promise<{ kid: string; alg: SigningAlg; privateKey: CryptoKey }>;
  /** For jwtVerify: a token naming a kid this process has not seen makes it re-read the ring once. */
  verificationKeys: JWTVerifyGetKey;
  /** GET /oauth/jwks: every active key, those announced for later included. */
  jwks(): Promise<JSONWebKeySet>;
}

interface Ring {
  rows: KeyRow[];
  /** The private keys this process could open (all of them, unless a row was sealed under an unknown KEK). */
  privateJwks: Map<string, JWK>;
  jwks: JSONWebKeySet;
  verify: ReturnType<typeof createLocalJWKSet>;
  readAt: number;
}

/**
 * The key ring, making the first key pair when the database has none, and sealing the keys a database from
 * before sealing holds in clear. Call it under the start-up lock (DatabaseHandle.exclusive), so processes
 * starting together make one key, not one each. Every key must open with `kek` (docs/key-management.md):
 * a wrong or missing key-encryption key stops the start here, with the kid and KEK id, never mid-request.
 */
export async function loadSigningKeys(
  db: Database,
  kek: KekRing,
  clock: () => number = Date.now,
): Promise<SigningKeys> {
  await sealClearSigningKeys(db, kek);
  const present = new Set((await activeKeys(db, clock())).map((row) => row.alg));
  // A ring from before RS256 gains its key here; nothing was signed with RS256 before, so it may sign at once.
  // Side by side: RSA's key generation (tens of ms) runs on libuv's threads while the other key is made.
  const made = await Promise.all(
    SIGNING_ALGS.filter((alg) => !present.has(alg)).map((alg) => generateKey(alg, kek)),
  );
  if (made.length > 0) await db.insert(signingKeys).values(made);
  let ring = await readRing(db, kek, clock(), { strict: true });
  let reading: Promise<Ring> | undefined;
  const fresh = async (force = false) => {
    if (!force && clock() - ring.readAt < KEY_RING_REFRESH_MS) return ring;
    // One read at a time, however many requests find the ring stale together.
    reading ??= readRing(db, kek, clock(), { strict: false }).finally(() => {
      reading = undefined;
    });
    ring = await reading;
    return ring;
  };
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  return {
    async signer(alg: SigningAlg = SIGNING_ALG) {
      const { rows, privateJwks } = await fresh();
      const now = clock();
      const row = rows.find(
        (candidate) =>
          candidate.alg === alg && candidate.signsFrom.getTime() <= now && privateJwks.has(candidate.kid),
      );
      if (!row) throw new Error(`No ${alg} signing key may sign yet`);
      let privateKey = privateKeys.get(row.kid);
      if (!privateKey) {
        privateKey = importJWK(privateJwks.get(row.kid) as JWK, alg) as Promise<CryptoKey>;
        privateKeys.set(row.kid, privateKey);
      }
      return { kid: row.kid, alg, privateKey: await privateKey };
    },
    async verificationKeys(header, token) {
      const known = (await fresh()).rows.some((row) => row.kid === header.kid);
      return (known ? ring : await fresh(true)).verify(header, token);
    },
    async jwks() {
      return (await fresh()).jwks;
    },
  };
}

/**
 * Strict at start (a key that does not open throws); afterwards a key another process sealed under a KEK
 * this one lacks (a KEK change half rolled out) is published but not used to sign here, and the older
 * key goes on signing, instead of every request failing.
 */
async function readRing(
  db: Database,
  kek: KekRing,
  now: number,
  { strict }: { strict: boolean },
): Promise<Ring> {
  const rows = await activeKeys(db, now);
  const privateJwks = new Map<string, JWK>();
  for (const row of rows) {
    try {
      privateJwks.set(row.kid, openPrivateJwk(kek, row));
    } catch (error) {
      if (strict) throw error;
    }
  }
  const jwks: JSONWebKeySet = { keys: rows.map((row) => row.publicJwk as JWK) };
  return { rows, privateJwks, jwks, verify: createLocalJWKSet(jwks), readAt: now };
}

/** Active and not past retirement, newest first. */
function activeKeys(db: Database, now: number) {
  return db
    .select()
    .from(signingKeys)
    .where(
      and(
        eq(signingKeys.active, true),
        or(isNull(signingKeys.retireAt), gt(signingKeys.retireAt, new Date(now))),
      ),
    )
    .orderBy(desc(signingKeys.signsFrom), desc(signingKeys.createdAt));
}

/**
 * Rotation (`npm run keys:rotate`, docs/deployment.md): a new key of each algorithm, published now and
 * signing from `KEY_PUBLISH_LEAD_MS` on; the keys of that algorithm it replaces retire
 * `KEY_RETIRE_AFTER_MS` after that, when the last token they signed has expired. Returns the new kids
 * (ES256 first) and when they take over.
 */
export async function rotateSigningKey(
  db: Database,
  kek: KekRing,
  now: Date,
  algs: readonly SigningAlg[] = SIGNING_ALGS,
) {
  const signsFrom = new Date(now.getTime() + KEY_PUBLISH_LEAD_MS);
  const retireAt = new Date(signsFrom.getTime() + KEY_RETIRE_AFTER_MS);
  const keys = await Promise.all(algs.map((alg) => generateKey(alg, kek)));
  await db.transaction(async (tx) => {
    for (const key of keys) {
      await tx
        .update(signingKeys)
        .set({ retireAt })
        .where(
          and(
            eq(signingKeys.alg, key.alg),
            eq(signingKeys.active, true),
            isNull(signingKeys.retireAt),
            lte(signingKeys.signsFrom, signsFrom),
          ),
        );
      await tx.insert(signingKeys).values({ ...key, signsFrom });
    }
  });
  return { kids: keys.map((key) => key.kid), kid: keys[0]?.kid ?? '', signsFrom, retireAt };
}

/** A new key pair, its private half sealed: the clear private key never reaches the database. */
async function generateKey(alg: SigningAlg, kek: KekRing) {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    alg,
    ...sealPrivateJwk(kek, kid, { ...(await exportJWK(privateKey)), kid, alg }),
    publicJwk: { ...publicJwk, kid, alg, use: 'sig' },
  };
}
