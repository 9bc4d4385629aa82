import { Hono } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { acceptTermsBody, retiredAppQuery, termsQuery } from '../../api/contract/notices.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { findClient } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { ok } from '../http/reply.ts';
import { postInput, queryInput } from '../http/validate.ts';
import type { Audit } from '../security/audit.ts';
import { callerOf } from '../security/caller-audit.ts';
import { limitPerIp } from '../security/per-ip-limit.ts';
import type { Limiters } from '../security/rate-limits.ts';
import { retiredAppOf } from './retired.service.ts';
import { acceptTerms, termsFor } from './terms.service.ts';

export interface NoticeRouteDeps {
  db: Database;
  audit: Audit;
  sessions: BrowserSessions;
  now: () => Date;
  limiters: Limiters;
  logger: Logger;
  trustProxy: boolean;
}

/**
 * The notices' calls (api/contract/notices.ts, docs/notices.md "Server"): the terms of service for the
 * signed-in account (221 without a session), and a retired client's replacement, read before sign-in.
 * The terms calls count against the account calls' per-IP limit.
 */
export function noticeRoutes(deps: NoticeRouteDeps) {
  const { db, sessions, now, limiters, logger, trustProxy } = deps;
  const limitByIp = limitPerIp(limiters.accountByIp, { logger, trustProxy });
  const caller = callerOf(sessions, trustProxy);

  return new Hono()
    .use('/terms', limitByIp)
    .use('/terms/accept', limitByIp)
    .get('/terms', async (c) => {
      const query = queryInput(c, termsQuery);
      const at = now();
      return ok(c, await termsFor(db, await caller(c, at, query.sessionId), query.localeId, at));
    })
    .post('/terms/accept', async (c) => {
      const body = await postInput(c, acceptTermsBody);
      const at = now();
      const accepted = await acceptTerms(deps, await caller(c, at, body.sessionId), body, at);
      return ok(c, accepted);
    })
    .get('/config/retired-app', async (c) => {
      const query = queryInput(c, retiredAppQuery);
      const client = await findClient(db, query.clientId);
      // An unknown client is what the invalid-redirect page explains, as at /oauth/authorize.
      if (!client) throw new ApiFailure(400, backendCode.invalidRedirectUri, 'Unknown clientId');
      return ok(c, retiredAppOf(client, now()));
    });
}
