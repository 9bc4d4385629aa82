import { jwtVerify } from 'jose';
import { SIGNING_ALGS, type SigningKeys } from './signing-keys.ts';

/** What an ID token Foyer issued says when an app hands it back as id_token_hint. */
export interface IdTokenHint {
  subject: string;
  /** The app it was issued to (its aud, which is also its azp). */
  clientId: string;
  sid: string | undefined;
}

/**
 * An ID token this server signed, whatever its expiry (Core §3.1.2.1: an expired one is a fine hint; so
 * it is at logout), issued to `clientId` when one is named. Undefined for anything else: forged,
 * tampered, another issuer's, an access token, or another app's.
 */
export async function readIdTokenHint(
  keys: SigningKeys,
  issuer: string,
  token: string,
  clientId: string | undefined,
): Promise<IdTokenHint | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKeys, {
      issuer,
      typ: 'JWT',
      algorithms: [...SIGNING_ALGS],
      currentDate: new Date(0),
      ...(clientId !== undefined ? { audience: clientId } : {}),
      requiredClaims: ['sub', 'aud', 'auth_time'],
    });
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (typeof payload.sub !== 'string' || typeof audience !== 'string') return undefined;
    return {
      subject: payload.sub,
      clientId: audience,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
    };
  } catch {
    return undefined;
  }
}
