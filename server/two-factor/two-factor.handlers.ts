import { Hono } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import {
  contactInfoQuery,
  mfaSettingsQuery,
  mfaTotpQuery,
  mfaTotpVerificationBody,
  sendCodeBody,
  verifyCodeBody,
} from '../../api/contract/twoFactor.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { ok } from '../http/reply.ts';
import { crossSiteReason } from '../http/same-origin.ts';
import { postInput, queryInput } from '../http/validate.ts';
import { callerOf } from '../security/caller-audit.ts';
import { limitPerIp } from '../security/per-ip-limit.ts';
import type { Limiters } from '../security/rate-limits.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export interface TwoFactorRouteDeps {
  service: TwoFactorService;
  sessions: BrowserSessions;
  now: () => Date;
  limiters: Limiters;
  logger: Logger;
  trustProxy: boolean;
  publicOrigin: string;
}

/**
 * The six /api/two-factor calls (api/contract/twoFactor.ts). Each acts for the browser's session named
 * by `sessionId`, else its most recent sign-in (221 without one), like generate-code.
 */
export function twoFactorRoutes({
  service,
  sessions,
  now,
  limiters,
  logger,
  trustProxy,
  publicOrigin,
}: TwoFactorRouteDeps) {
  // Calls that send or check a code count per client IP before the body is read (HTTP 429 + ray id),
  // on top of the per-user limits in the services (413, 326).
  const limitByIp = limitPerIp(limiters.twoFactorByIp, { logger, trustProxy });
  const caller = callerOf(sessions, trustProxy);

  return new Hono()
    .use('/two-factor/send-code', limitByIp)
    .use('/two-factor/verify-code', limitByIp)
    .use('/two-factor/mfa-totp-verification', limitByIp)
    .get('/two-factor/mfa-settings', async (c) => {
      const query = queryInput(c, mfaSettingsQuery);
      return ok(c, await service.settings((await caller(c, now(), query.sessionId)).session));
    })
    .get('/two-factor/contact-info', async (c) => {
      const query = queryInput(c, contactInfoQuery);
      return ok(c, service.contacts((await caller(c, now(), query.sessionId)).session));
    })
    .get('/two-factor/mfa-totp', async (c) => {
      // A GET that changes state (the contract's, spec §7): a link on another site must not replace the
      // user's pending secret, so the POSTs' cross-site rule applies here too.
      const crossSite = crossSiteReason(c, publicOrigin);
      if (crossSite) throw new ApiFailure(403, backendCode.crossSiteRequest, crossSite);
      const query = queryInput(c, mfaTotpQuery);
      const at = now();
      return ok(c, await service.offerAuthenticator(await caller(c, at, query.sessionId), at));
    })
    .post('/two-factor/mfa-totp-verification', async (c) => {
      const body = await postInput(c, mfaTotpVerificationBody);
      const at = now();
      await service.enrolAuthenticator(c, await caller(c, at, body.sessionId), body, at);
      return ok(c, { verified: true as const });
    })
    .post('/two-factor/send-code', async (c) => {
      const body = await postInput(c, sendCodeBody);
      const at = now();
      return ok(c, await service.sendCode(await caller(c, at, body.sessionId), body, at));
    })
    .post('/two-factor/verify-code', async (c) => {
      const body = await postInput(c, verifyCodeBody);
      const at = now();
      await service.verifyCode(c, await caller(c, at, body.sessionId), body, at);
      return ok(c, { verified: true as const });
    });
}
