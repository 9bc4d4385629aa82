import { Hono, type MiddlewareHandler } from 'hono';
import {
  authenticationBody,
  authenticationOptionsBody,
  offerDismissalBody,
  passkeysQuery,
  registrationBody,
  registrationOptionsBody,
  removalBody,
} from '../../api/contract/passkeys.ts';
import { ok } from '../http/reply.ts';
import { postInput, queryInput } from '../http/validate.ts';
import { countedPasskeyCeremony } from '../observability/metrics.ts';
import { callerOf } from '../security/caller-audit.ts';
import { clientIp } from '../security/client-ip.ts';
import { accountPasskeysService } from './account-passkeys.service.ts';
import { authenticationService } from './authentication.service.ts';
import type { PasskeyDeps } from './context.ts';
import { registrationService } from './registration.service.ts';

export interface PasskeyRouteDeps extends PasskeyDeps {
  now: () => Date;
}

/**
 * The /api/passkeys calls (api/contract/passkeys.ts, docs/passkeys.md). The two sign-in calls count
 * against the password sign-in's per-IP allowance before the body is read (HTTP 429 + ray id, as on
 * /api/login); the others act for the browser's session named by `sessionId`, else its most recent
 * sign-in (221 without one), like the two-factor calls.
 */
export function passkeyRoutes(deps: PasskeyRouteDeps) {
  const { now } = deps;
  const authentication = authenticationService(deps);
  const registration = registrationService(deps);
  const passkeys = accountPasskeysService(deps);
  const caller = callerOf(deps.sessions, deps.trustProxy);
  const limitByIp: MiddlewareHandler = async (c, next) => {
    await deps.admission.limitByIp(c);
    await next();
  };

  return new Hono()
    .use('/passkeys/authentication-options', limitByIp)
    .use('/passkeys/authentication', limitByIp)
    .post('/passkeys/authentication-options', async (c) => {
      const body = await postInput(c, authenticationOptionsBody);
      return ok(c, await authentication.options(body, now()));
    })
    .post('/passkeys/authentication', async (c) => {
      const body = await postInput(c, authenticationBody);
      const scope = { clientIp: clientIp(c, deps.trustProxy) };
      const signedIn = authentication.authenticate(c, scope, body, now());
      return ok(c, await countedPasskeyCeremony('authentication', signedIn));
    })
    .post('/passkeys/registration-options', async (c) => {
      const body = await postInput(c, registrationOptionsBody);
      const at = now();
      return ok(c, await registration.options(c, await caller(c, at, body.sessionId), body.platform, at));
    })
    .post('/passkeys/registration', async (c) => {
      const body = await postInput(c, registrationBody);
      const at = now();
      const registered = registration.register(c, await caller(c, at, body.sessionId), body, at);
      return ok(c, await countedPasskeyCeremony('registration', registered));
    })
    .get('/passkeys', async (c) => {
      const query = queryInput(c, passkeysQuery);
      const at = now();
      return ok(c, await passkeys.list(c, await caller(c, at, query.sessionId), at));
    })
    .post('/passkeys/offer-dismissal', async (c) => {
      const body = await postInput(c, offerDismissalBody);
      const at = now();
      passkeys.dismissOffer(c, await caller(c, at, body.sessionId), at);
      return ok(c, { dismissed: true as const });
    })
    .post('/passkeys/removal', async (c) => {
      const body = await postInput(c, removalBody);
      const at = now();
      return ok(c, await passkeys.remove(c, await caller(c, at, body.sessionId), body.passkeyId, at));
    });
}
