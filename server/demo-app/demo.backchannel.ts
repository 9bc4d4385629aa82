import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import { z } from 'zod';
import { describeIssues } from '../http/validate.ts';

// The demo apps' side of OpenID Connect Back-Channel Logout 1.0: a relying party receiving the logout
// tokens Foyer posts. Written from the specification alone, as any app would, not from Foyer's signer.

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token may be this old (iat) when it arrives, allowing for the clocks' drift. */
const MAX_AGE_S = 300;
const CLOCK_TOLERANCE_S = 60;
/** Replay memory (§2.6 step 9): jtis are kept until the tokens would be too old anyway; bounded. */
const MAX_REMEMBERED_JTIS = 10_000;

/** §2.5: the body is a form with one logout_token. */
export const backchannelForm = z.object({ logout_token: z.string().min(1).max(8192) });

/** §2.4 claims, beyond what jwtVerify checks (signature, iss, aud, typ, iat, exp). */
const logoutClaims = z
  .object({
    iat: z.number(),
    jti: z.string().min(1).max(256),
    sid: z.string().min(1).max(256).optional(),
    sub: z.string().min(1).max(256).optional(),
    events: z.object({ [EVENT]: z.looseObject({}) }, { error: `events must hold ${EVENT}` }),
    // §2.6 step 7: a nonce would let an ID token pass for a logout token, or the reverse.
    nonce: z.optional(z.never({ error: 'a logout token must not contain a nonce' })),
  })
  .refine((claims) => claims.sid !== undefined || claims.sub !== undefined, {
    error: 'a logout token names sid, sub or both',
  });
export type LogoutClaims = z.infer<typeof logoutClaims>;

export interface VerifierDeps {
  clientId: string;
  /** The issuer and keys from the provider's metadata (demo.client.ts verifier()). */
  verifier: () => Promise<{ issuer: string; keys: JWTVerifyGetKey }>;
  now: () => Date;
}

/**
 * §2.6 validation: signature against the provider's JWKS, iss, aud = this client, typ logout+jwt,
 * iat not too old, the event, no nonce, sid or sub, and a jti not seen before. Returns the claims, or
 * a reason for the 400.
 */
export function logoutTokenVerifier(deps: VerifierDeps) {
  const seen = new Map<string, number>();
  const remember = (jti: string, iat: number) => {
    const oldest = deps.now().getTime() / 1000 - MAX_AGE_S - CLOCK_TOLERANCE_S;
    for (const [key, at] of seen) if (at < oldest || seen.size >= MAX_REMEMBERED_JTIS) seen.delete(key);
    seen.set(jti, iat);
  };

  return async (token: string): Promise<{ claims: LogoutClaims } | { reason: string }> => {
    const { issuer, keys } = await deps.verifier();
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: deps.clientId,
        typ: 'logout+jwt',
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['iat', 'jti', 'events'],
        maxTokenAge: MAX_AGE_S,
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: deps.now(),
      }));
    } catch (error) {
      return { reason: error instanceof Error ? `logout_token: ${error.message}` : 'logout_token not valid' };
    }
    const claims = logoutClaims.safeParse(payload);
    if (!claims.success) return { reason: describeIssues(claims.error) };
    if (seen.has(claims.data.jti)) return { reason: 'logout_token was already used (jti)' };
    remember(claims.data.jti, claims.data.iat);
    return { claims: claims.data };
  };
}
