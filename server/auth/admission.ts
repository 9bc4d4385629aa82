import type { Context } from 'hono';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../http/logger.ts';
import { clientIp } from '../security/client-ip.ts';
import { consumeOrRefuse, type Limiters, logSafe } from '../security/rate-limits.ts';
import { sha256Hex } from '../security/tokens.ts';
import type { SignInContext } from './sign-in.service.ts';
import {
  type CredentialLookup,
  identifierOf,
  type NormalisedCredential,
  normaliseCredential,
} from './users.service.ts';

export interface AdmissionDeps {
  db: Database;
  logger: Logger;
  limiters: Limiters;
  lockoutMs: number;
  trustProxy: boolean;
}

/**
 * What every password check goes through, wherever the password is typed (/api/login-info and
 * /api/login, the reference identity provider): the per-IP and per-identifier allowances (HTTP 429
 * past them) and the lockout context of checkPassword.
 */
export function signInAdmission(deps: AdmissionDeps) {
  const { db, logger, limiters } = deps;
  const signInContext: SignInContext = {
    db,
    logger,
    lockout: { limiter: limiters.passwordFailures, lockoutMs: deps.lockoutMs },
  };
  return {
    signInContext,
    async limitByIp(c: Context): Promise<void> {
      const ip = clientIp(c, deps.trustProxy);
      await consumeOrRefuse(limiters.loginByIp, ip, logger, `ip ${ip}`);
    },
    /** The credential in stored form, once the identifier is within its allowance. */
    async admit(body: CredentialLookup & { brandId?: string | undefined }): Promise<NormalisedCredential> {
      const credential = normaliseCredential(await findBrand(db, body.brandId), body);
      const identifier = identifierOf(credential);
      // Stored and logged hashed: the counter table never holds a username in clear.
      await consumeOrRefuse(
        limiters.loginByIdentifier,
        sha256Hex(identifier),
        logger,
        `identifier ${logSafe(identifier)}`,
      );
      return credential;
    },
  };
}
