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

export const SIGNING_ALG = 'ES256';

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
  /** The key that signs now. */
  signer(): Promise<{ kid: string; privateKey: CryptoKey }>;
  /** For jwtVerify: a token naming a kid this process has not seen makes it re-read the ring once. */
  verificationKeys: JWTVerifyGetKey;
  /** GET /oauth/jwks: every active key, those announced for later included. */
  jwks(): Promise<JSONWebKeySet>;
}

interface Ring {
  rows: KeyRow[];
  jwks: JSONWebKeySet;
  verify: ReturnType<typeof createLocalJWKSet>;
  readAt: number;
}

/**
 * The key ring, making the first key pair when the database has none. Call it under the start-up lock
 * (DatabaseHandle.exclusive), so processes starting together make one key, not one each.
 */
export async function loadSigningKeys(db: Database, clock: () => number = Date.now): Promise<SigningKeys> {
  if ((await activeKeys(db, clock())).length === 0) await db.insert(signingKeys).values(await generateKey());
  let ring = await readRing(db, clock());
  let reading: Promise<Ring> | undefined;
  const fresh = async (force = false) => {
    if (!force && clock() - ring.readAt < KEY_RING_REFRESH_MS) return ring;
    // One read at a time, however many requests find the ring stale together.
    reading ??= readRing(db, clock()).finally(() => {
      reading = undefined;
    });
    ring = await reading;
    return ring;
  };
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  return {
    async signer() {
      const { rows } = await fresh();
      const now = clock();
      const row = rows.find((candidate) => candidate.signsFrom.getTime() <= now);
      if (!row) throw new Error('No signing key may sign yet');
      let privateKey = privateKeys.get(row.kid);
      if (!privateKey) {
        privateKey = importJWK(row.privateJwk as JWK, SIGNING_ALG) as Promise<CryptoKey>;
        privateKeys.set(row.kid, privateKey);
      }
      return { kid: row.kid, privateKey: await privateKey };
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

async function readRing(db: Database, now: number): Promise<Ring> {
  const rows = await activeKeys(db, now);
  const jwks: JSONWebKeySet = { keys: rows.map((row) => row.publicJwk as JWK) };
  return { rows, jwks, verify: createLocalJWKSet(jwks), readAt: now };
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
 * Rotation (`npm run keys:rotate`, docs/deployment.md): a new key, published now and signing from
 * `KEY_PUBLISH_LEAD_MS` on; the keys it replaces retire `KEY_RETIRE_AFTER_MS` after that, when the last
 * token they signed has expired. Returns the new kid and when it takes over.
 */
export async function rotateSigningKey(db: Database, now: Date) {
  const signsFrom = new Date(now.getTime() + KEY_PUBLISH_LEAD_MS);
  const retireAt = new Date(signsFrom.getTime() + KEY_RETIRE_AFTER_MS);
  const key = await generateKey();
  await db.transaction(async (tx) => {
    await tx
      .update(signingKeys)
      .set({ retireAt })
      .where(
        and(
          eq(signingKeys.active, true),
          isNull(signingKeys.retireAt),
          lte(signingKeys.signsFrom, signsFrom),
        ),
      );
    await tx.insert(signingKeys).values({ ...key, signsFrom });
  });
  return { kid: key.kid, signsFrom, retireAt };
}

async function generateKey() {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    alg: SIGNING_ALG,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG },
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' },
  };
}
