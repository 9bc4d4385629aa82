import { Hono } from 'hono';
import {
  addEmergencyLocationBody,
  addressFormatBody,
  deleteEmergencyLocationBody,
  extensionQuery,
  listDeviceEmergencyAddressQuery,
  listEmergencyLocationsQuery,
  registerVirtualLineBody,
  statesQuery,
  validateAddressBody,
} from '../../api/contract/emergency.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import type { Logger } from '../http/logger.ts';
import { ok } from '../http/reply.ts';
import { postInput, queryInput } from '../http/validate.ts';
import { callerOf } from '../security/caller-audit.ts';
import { limitPerIp } from '../security/per-ip-limit.ts';
import type { Limiters } from '../security/rate-limits.ts';
import type { EmergencyDeps } from './context.ts';
import { emergencyService } from './emergency.service.ts';
import { locationsService } from './locations.service.ts';
import { registrationService } from './registration.service.ts';

export interface EmergencyRouteDeps {
  emergency: EmergencyDeps;
  sessions: BrowserSessions;
  now: () => Date;
  limiters: Limiters;
  logger: Logger;
  trustProxy: boolean;
}

/** The E911 calls under /api/account, each counted against the account calls' per-IP limit. */
const ACCOUNT_PATHS = [
  '/account/extension-contact-info',
  '/account/extension-tracking-info',
  '/account/list-device-emergency-address',
  '/account/list-emergency-locations',
  '/account/add-emergency-location',
  '/account/delete-emergency-location',
  '/account/validate-address',
  '/account/register-virtual-line',
];

/**
 * The emergency-address calls (api/contract/emergency.ts, docs/emergency-address.md "Server"): the two
 * address configuration calls and the eight /api/account ones. Every one acts for the browser's session
 * named by `sessionId`, else its most recent sign-in (221 without one), like the two-factor calls.
 * Mounted before accountRoutes: its `/account/*` limiter then never counts these a second time.
 */
export function emergencyRoutes(deps: EmergencyRouteDeps) {
  const { emergency, sessions, now, limiters, logger, trustProxy } = deps;
  const service = emergencyService(emergency);
  const locations = locationsService(emergency);
  const registration = registrationService(emergency);
  const { catalogue } = emergency.knowledge;
  const limitByIp = limitPerIp(limiters.accountByIp, { logger, trustProxy });
  const caller = callerOf(sessions, trustProxy);

  const routes = new Hono();
  for (const path of ACCOUNT_PATHS) routes.use(path, limitByIp);
  return routes
    .get('/config/states', async (c) => {
      const query = queryInput(c, statesQuery);
      await caller(c, now(), query.sessionId);
      return ok(c, { records: catalogue.statesFor(query.countryId) });
    })
    .post('/config/address-format', async (c) => {
      const body = await postInput(c, addressFormatBody);
      await caller(c, now(), body.sessionId);
      return ok(c, { records: catalogue.formatsFor(body.countryId) });
    })
    .get('/account/extension-contact-info', async (c) => {
      const query = queryInput(c, extensionQuery);
      return ok(c, await service.contactInfo(await caller(c, now(), query.sessionId)));
    })
    .get('/account/extension-tracking-info', async (c) => {
      const query = queryInput(c, extensionQuery);
      return ok(c, await service.trackingInfo(await caller(c, now(), query.sessionId)));
    })
    .get('/account/list-device-emergency-address', async (c) => {
      const query = queryInput(c, listDeviceEmergencyAddressQuery);
      return ok(c, await service.listDevices(await caller(c, now(), query.sessionId), query));
    })
    .get('/account/list-emergency-locations', async (c) => {
      const query = queryInput(c, listEmergencyLocationsQuery);
      return ok(c, await service.listLocations(await caller(c, now(), query.sessionId)));
    })
    .post('/account/add-emergency-location', async (c) => {
      const body = await postInput(c, addEmergencyLocationBody);
      const at = now();
      return ok(c, await locations.add(await caller(c, at, body.sessionId), body, at));
    })
    .post('/account/delete-emergency-location', async (c) => {
      const body = await postInput(c, deleteEmergencyLocationBody);
      const at = now();
      return ok(c, await locations.remove(await caller(c, at, body.sessionId), body, at));
    })
    .post('/account/validate-address', async (c) => {
      const body = await postInput(c, validateAddressBody);
      return ok(c, await service.validate(await caller(c, now(), body.sessionId), body));
    })
    .post('/account/register-virtual-line', async (c) => {
      const body = await postInput(c, registerVirtualLineBody);
      const at = now();
      return ok(c, await registration.register(await caller(c, at, body.sessionId), body, at));
    });
}
