import { Hono } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import {
  appPermissionsQuery,
  countryQuery,
  detectConnQuery,
  localesQuery,
  parametersQuery,
} from '../../api/contract/config.ts';
import { type BrowserSessions, invalidSession } from '../auth/browser-sessions.ts';
import { findClient } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { queryInput } from '../http/validate.ts';
import { passkeysAllowed } from '../passkeys/passkey-brands.ts';
import { brandConfig, brandLocales, countries, findBrand } from './config.service.ts';

/** GET /api/config/* and /api/detect-conn: what the SPA loads before the first screen. */
export function configRoutes(db: Database, sessions: BrowserSessions, listPseudoLocales: boolean) {
  return new Hono()
    .get('/config/parameters', async (c) => {
      const query = queryInput(c, parametersQuery);
      const brand = await findBrand(db, query.brandId);
      return ok(c, brandConfig(brand, query.localeId, await passkeysAllowed(db, brand.id)));
    })
    .get('/config/locales', async (c) => {
      const query = queryInput(c, localesQuery);
      return ok(c, brandLocales(await findBrand(db, query.brandId), listPseudoLocales));
    })
    .get('/config/country', async (c) => {
      const query = queryInput(c, countryQuery);
      if (query.brandId !== undefined) await findBrand(db, query.brandId);
      return ok(c, { records: countries(query.loginAllowed) });
    })
    .get('/config/app-permissions', async (c) => {
      const query = queryInput(c, appPermissionsQuery);
      // Consent is for a signed-in user: without a live session the SPA shows the session expired.
      if ((await sessions.list(c, new Date())).length === 0) throw invalidSession();
      const client = await findClient(db, query.clientId);
      // An unknown client is what the invalid-redirect page explains, as at /oauth/authorize.
      if (!client) throw new ApiFailure(400, backendCode.invalidRedirectUri, 'Unknown clientId');
      return ok(c, { clientId: client.id, appName: client.name, permissions: client.scopes });
    })
    .get('/detect-conn', (c) => {
      queryInput(c, detectConnQuery);
      return ok(c, { online: true as const });
    });
}
