import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { clientIdSchema } from '../../api/contract/config.ts';
import { formatUserCode, normaliseUserCode, verifyUserCodeBody } from '../../api/contract/device.ts';
import { type Client, findClient, resolveScope } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import { isRetired } from '../notices/retired.service.ts';
import { spaPage } from '../oauth/end-session.service.ts';
import { OAuthFailure } from '../oauth/oauth-errors.ts';
import type { SigningKeys } from '../oauth/signing-keys.ts';
import { NO_STORE, oauthErrorHandler, parseForm, publicClient, readForm } from '../oauth/token.handlers.ts';
import { clientIp } from '../security/client-ip.ts';
import { consumeOrRefuse, RateLimited } from '../security/rate-limits.ts';
import { completeSignIn } from './device.callback.ts';
import {
  allowsDeviceGrant,
  authorizeUrlFor,
  liveGrantByUserCode,
  startDeviceGrant,
} from './device.service.ts';
import { type DeviceLimiters, type DeviceSettings, refuseIfBlocked } from './device.settings.ts';

export interface DeviceDeps {
  db: Database;
  keys: SigningKeys;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
  trustProxy: boolean;
  settings: DeviceSettings;
  limiters: DeviceLimiters;
}

/** RFC 8628 §3.1: the client and, optionally, the scope it asks for. */
const authorizationRequest = z.object({
  client_id: clientIdSchema,
  scope: z.string().max(1024).optional(),
});

const codeInvalid = () =>
  new ApiFailure(400, backendCode.deviceCodeInvalid, 'The code is unknown, expired or already used');

/**
 * Room activation (docs/room-activation.md): the device authorization endpoint (under /oauth), the
 * verification address and the sign-in's return (/device), and the activation page's code check (/api).
 */
export function deviceRoutes(deps: DeviceDeps) {
  const { db, publicOrigin, now, logger, trustProxy, settings, limiters } = deps;
  const ipOf = (c: Context) => clientIp(c, trustProxy);

  /**
   * The live grant a typed code names, with its client. Callers count every lookup per IP first; a
   * well-formed code that names nothing counts again, per hour, so guessing stops long before it could
   * succeed (docs/room-activation.md has the numbers).
   */
  async function lookUp(ip: string, typed: string) {
    const userCode = normaliseUserCode(typed);
    if (userCode === undefined) return undefined;
    await refuseIfBlocked(limiters.wrongCodesByIp, ip, logger);
    const grant = await liveGrantByUserCode(db, userCode, now());
    const client = grant && (await findClient(db, grant.clientId));
    if (grant && client) return { grant, client };
    await consumeOrRefuse(limiters.wrongCodesByIp, ip, logger, `ip ${ip}`);
    return undefined;
  }

  const oauth = new Hono()
    .post('/device_authorization', async (c) => {
      const ip = ipOf(c);
      await consumeOrRefuse(limiters.authorizationByIp, ip, logger, `ip ${ip}`);
      const request = parseForm(authorizationRequest, await readForm(c));
      const client = await publicClient(db, request.client_id);
      if (isRetired(client, now()))
        throw new OAuthFailure('unauthorized_client', 'The app has been retired: it can start no sign-in');
      if (!allowsDeviceGrant(client))
        throw new OAuthFailure(
          'unauthorized_client',
          'This client may not use the device authorization grant',
        );
      const scope = resolveScope(client, request.scope);
      if (!scope.ok)
        throw new OAuthFailure('invalid_scope', `Unknown scope: ${scope.unknown.join(' ').slice(0, 200)}`);
      const answer = await startDeviceGrant(
        db,
        { client, scope: scope.scope, publicOrigin },
        settings,
        now(),
      );
      return c.json(answer, 200, NO_STORE);
    })
    .onError(oauthErrorHandler(logger));

  const brandOf = (client: Client | undefined) => client?.brandId ?? settings.defaultBrandId;

  const browser = new Hono()
    // verification_uri(_complete): the SPA's room activation page, in the room client's brand.
    .get('/', async (c) => {
      const typed = c.req.queries('user_code');
      const userCode = typed?.length === 1 ? normaliseUserCode(typed[0] ?? '') : undefined;
      if (userCode === undefined)
        return c.redirect(spaPage('roomActivation', undefined, brandOf(undefined)), 302);
      // The lookup only picks the frame; over the limit the page still opens, and its own check says so.
      const ip = ipOf(c);
      const found = await consumeOrRefuse(limiters.verifyByIp, ip, logger, `ip ${ip}`)
        .then(() => lookUp(ip, userCode))
        .catch((error: unknown) => {
          if (error instanceof RateLimited) return undefined;
          throw error;
        });
      const route = `roomActivation/${formatUserCode(userCode)}`;
      return c.redirect(spaPage(route, undefined, brandOf(found?.client)), 302);
    })
    .get('/callback', async (c) => {
      const single = (name: string) => {
        const values = c.req.queries(name);
        return values?.length === 1 ? values[0] : undefined;
      };
      const outcome = await completeSignIn(deps, {
        state: single('state'),
        code: single('code'),
        error: single('error'),
      });
      return c.redirect(spaPage(outcome.route, undefined, brandOf(outcome.client)), 302);
    });

  const api = new Hono().post('/device/verify', async (c) => {
    const ip = ipOf(c);
    await consumeOrRefuse(limiters.verifyByIp, ip, logger, `ip ${ip}`);
    const body = await postInput(c, verifyUserCodeBody);
    const found = await lookUp(ip, body.userCode);
    if (!found) throw codeInvalid();
    return ok(c, {
      appName: found.client.name,
      authorizeUrl: authorizeUrlFor(found.grant, found.client, publicOrigin),
    });
  });

  return { oauth, browser, api };
}
