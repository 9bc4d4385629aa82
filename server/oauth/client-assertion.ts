import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { clientAssertionJtis } from '../db/schema.ts';
import type { Logger } from '../http/logger.ts';
import { CLIENT_ASSERTION_ALGS } from './client-assertion-algs.ts';
import { invalidClient } from './oauth-errors.ts';

// private_key_jwt (RFC 7523 §3, OpenID Connect Core §9): the client proves itself with a short-lived JWT
// signed by one of its registered keys.

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const TOKEN_ENDPOINT_PATH = '/oauth/token';

/** An assertion is made for one request: one living longer is a bearer credential in disguise. */
const MAX_LIFETIME_S = 300;
const CLOCK_SKEW_S = 30;
const MAX_JTI_LENGTH = 256;

export interface AssertionContext {
  db: Database;
  issuer: string;
  now: Date;
  logger: Logger;
}

/** The client an assertion claims to come from (unverified: only to find the keys that will verify it). */
export function assertionClientId(assertion: string): string {
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw invalidClient('client_assertion is not a JWT', false);
  }
  if (typeof claims.iss !== 'string' || claims.iss !== claims.sub)
    throw invalidClient('client_assertion must have iss and sub both equal to the client_id', false);
  return claims.iss;
}

/**
 * Verifies the assertion against the client's keys and spends its jti. The audience may be the issuer,
 * the token endpoint, or the endpoint actually called (introspection, revocation), as clients differ.
 */
export async function verifyClientAssertion(
  ctx: AssertionContext,
  client: Client,
  assertion: string,
  endpoint: string,
): Promise<void> {
  const keys = keySetOf(client);
  if (!keys) throw invalidClient('The client has no registered keys (jwks or jwks_uri)', false);
  let claims: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload: claims } = await jwtVerify(assertion, keys, {
      issuer: client.id,
      subject: client.id,
      audience: [ctx.issuer, `${ctx.issuer}${TOKEN_ENDPOINT_PATH}`, endpoint],
      algorithms: [...CLIENT_ASSERTION_ALGS],
      currentDate: ctx.now,
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (error) {
    throw invalidClient(`client_assertion refused: ${reasonOf(error, client, ctx.logger)}`, false);
  }
  const exp = claims.exp as number;
  if (exp - ctx.now.getTime() / 1000 > MAX_LIFETIME_S + CLOCK_SKEW_S)
    throw invalidClient(`client_assertion must expire within ${MAX_LIFETIME_S} seconds`, false);
  const jti = claims.jti;
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH)
    throw invalidClient(`client_assertion jti must be 1-${MAX_JTI_LENGTH} characters`, false);
  // Kept until the assertion would be refused as expired anyway, so a purge never reopens a replay.
  const spent = await ctx.db
    .insert(clientAssertionJtis)
    .values({ clientId: client.id, jti, expiresAt: new Date((exp + CLOCK_SKEW_S) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: clientAssertionJtis.jti });
  if (spent.length === 0) throw invalidClient('client_assertion was already used (jti)', false);
}

/** Remote key sets by address: jose caches the keys in them and refetches on an unknown kid (with a cooldown). */
const remoteKeySets = new Map<string, JWTVerifyGetKey>();
const MAX_REMOTE_KEY_SETS = 1000;

function keySetOf(client: Client): JWTVerifyGetKey | undefined {
  if (client.jwks) {
    try {
      return createLocalJWKSet(client.jwks as JSONWebKeySet);
    } catch {
      return undefined;
    }
  }
  if (!client.jwksUri) return undefined;
  let keySet = remoteKeySets.get(client.jwksUri);
  if (!keySet) {
    if (remoteKeySets.size >= MAX_REMOTE_KEY_SETS) remoteKeySets.clear();
    keySet = createRemoteJWKSet(new URL(client.jwksUri), {
      timeoutDuration: 3000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    remoteKeySets.set(client.jwksUri, keySet);
  }
  return keySet;
}

/** What the client may be told; a key set that could not be fetched is also logged for the operator. */
function reasonOf(error: unknown, client: Client, logger: Logger): string {
  const unreachable =
    !(error instanceof errors.JOSEError) ||
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid;
  if (unreachable) {
    const why = error instanceof Error ? error.message : String(error);
    logger.error(`client ${client.id}: its jwks_uri could not be used: ${why.slice(0, 200)}`);
    return 'the client keys could not be fetched';
  }
  return error.message;
}
