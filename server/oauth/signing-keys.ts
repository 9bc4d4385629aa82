import { asc, desc, eq } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Database } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';

export const SIGNING_ALG = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Every active public key, for GET /oauth/jwks. */
  jwks: JSONWebKeySet;
  verificationKeys: ReturnType<typeof createLocalJWKSet>;
}

/**
 * Loads the signing keys, generating the first key pair on first start. Two processes starting together
 * against one PostgreSQL may both generate one; both keys are then published and the newest signs.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let rows = await activeKeys(db);
  if (rows.length === 0) {
    await db
      .insert(signingKeys)
      .values(await generateKey())
      .onConflictDoNothing();
    rows = await activeKeys(db);
  }
  const [newest] = rows;
  if (!newest) throw new Error('No active signing key after generating one');
  const jwks: JSONWebKeySet = { keys: rows.map((row) => row.publicJwk as JWK) };
  return {
    kid: newest.kid,
    privateKey: (await importJWK(newest.privateJwk as JWK, SIGNING_ALG)) as CryptoKey,
    jwks,
    verificationKeys: createLocalJWKSet(jwks),
  };
}

function activeKeys(db: Database) {
  return db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.active, true))
    .orderBy(desc(signingKeys.createdAt), asc(signingKeys.kid));
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
