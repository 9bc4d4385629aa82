import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { backendCode } from '../api/contract/backendCodes.ts';
import { accountRoutes } from './account/account.handlers.ts';
import { type AccountSettings, DEFAULT_ACCOUNT_SETTINGS } from './account/account.settings.ts';
import { loggedAnalytics, type ServerAnalytics } from './analytics/analytics.ts';
import { signInAdmission } from './auth/admission.ts';
import { authRoutes } from './auth/auth.handlers.ts';
import { browserSessions } from './auth/browser-sessions.ts';
import { sessionRoutes } from './auth/session.handlers.ts';
import { findUserByExtensionId } from './auth/users.service.ts';
import { authorisationRoutes } from './authorisation/authorisation.handlers.ts';
import { brandAssetRoutes } from './brand-assets/brand-assets.handlers.ts';
import { configRoutes } from './config/config.handlers.ts';
import type { Database } from './db/client.ts';
import { createDelivery } from './delivery/configure.ts';
import { outboxRoutes } from './delivery/outbox.handlers.ts';
import { DEMO_NOTES_APP, DEMO_PARTNER_APP, DEMO_RETIRED_APP } from './demo-app/demo.apps.ts';
import type { Fetch } from './demo-app/demo.client.ts';
import { demoAppRoutes } from './demo-app/demo.handlers.ts';
import { DEMO_ROOM_APP } from './demo-room/room.app.ts';
import { demoRoomRoutes } from './demo-room/room.handlers.ts';
import { deviceRoutes } from './device/device.handlers.ts';
import {
  createDeviceLimiters,
  DEFAULT_DEVICE_SETTINGS,
  type DeviceSettings,
} from './device/device.settings.ts';
import { referenceCatalogue } from './emergency/address/catalogue.ts';
import type { AddressCatalogue, AddressValidator } from './emergency/address/ports.ts';
import { referenceValidator } from './emergency/address/reference-validator.ts';
import { emergencyRoutes } from './emergency/emergency.handlers.ts';
import { fingerprintRoutes } from './fingerprint/fingerprint.handlers.ts';
import { compressReplies } from './http/compression.ts';
import { errorReply } from './http/errors.ts';
import { handleError } from './http/handle-error.ts';
import { healthRoutes } from './http/health.ts';
import { type Logger, type RequestLogFormat, requestLog } from './http/logger.ts';
import { refuseCrossSite } from './http/same-origin.ts';
import { noStore, securityHeaders } from './http/security-headers.ts';
import { identityRoutes } from './identity/identity.handlers.ts';
import { noticeRoutes } from './notices/notices.handlers.ts';
import { numberRoutes } from './number/number.handlers.ts';
import { authorizeRoutes } from './oauth/authorize.handlers.ts';
import { endSessionRoutes } from './oauth/end-session.handlers.ts';
import { introspectionRoutes } from './oauth/introspection.handlers.ts';
import { metadataRoutes } from './oauth/metadata.handlers.ts';
import type { SigningKeys } from './oauth/signing-keys.ts';
import { tokenRoutes } from './oauth/token.handlers.ts';
import { userInfoRoutes } from './oauth/userinfo.handlers.ts';
import type { MetricsRecorder } from './observability/metrics.ts';
import { measureRequests, metricsRoute } from './observability/metrics-http.ts';
import { traceRequests } from './observability/tracing-http.ts';
import { openApiRoutes } from './openapi/openapi.handlers.ts';
import { offerDismissals } from './passkeys/offer.ts';
import { passkeyRoutes } from './passkeys/passkeys.handlers.ts';
import { relyingPartyOf } from './passkeys/webauthn.ts';
import { databaseAudit } from './security/audit.ts';
import { createLimiters, DEFAULT_RATE_LIMITS, type RateLimits } from './security/rate-limits.ts';
import { staticRoutes } from './static/static.handlers.ts';
import { deriveMfaKeys } from './two-factor/mfa-keys.ts';
import { trustedDevices as deviceTrust } from './two-factor/trusted-device.ts';
import { twoFactorRoutes } from './two-factor/two-factor.handlers.ts';
import { twoFactorService } from './two-factor/two-factor.service.ts';
import { DEFAULT_TWO_FACTOR_SETTINGS, type TwoFactorOptions } from './two-factor/two-factor.settings.ts';
import { unsupportedBrowserRoutes } from './unsupported-browser/unsupported.handlers.ts';

export interface AppDeps {
  db: Database;
  keys: SigningKeys;
  /** The OAuth issuer and the origin every absolute URL is built on. */
  publicOrigin: string;
  distDir: string;
  logger: Logger;
  /** One log line per request, as text or JSON (server/http/logger.ts). Default off. */
  logRequests?: RequestLogFormat;
  /** Injected so tests can move time (code expiry, session expiry). */
  now?: () => Date;
  /** How the demo app reaches this server; tests route it back in process. */
  demoFetch?: Fetch;
  /** Default DEFAULT_RATE_LIMITS (server/security/rate-limits.ts). */
  limits?: RateLimits;
  /** Take the client IP from X-Forwarded-For (only behind a proxy that sets it). Default false. */
  trustProxy?: boolean;
  /** List the pseudo locales on the default brand (outside production). Default true. */
  listPseudoLocales?: boolean;
  /** Device fingerprints login-info refuses (spec §8 IOVATION_BLACKLISTED). Default none. */
  deniedFingerprints?: readonly string[];
  /** Keys, settings, delivery adapters and the dev outbox (docs/two-factor.md). */
  twoFactor?: TwoFactorOptions;
  /** Link lifetimes and the password history (docs/passwords.md "Server"). */
  account?: { settings?: Partial<AccountSettings> };
  /** Address formats and validation (docs/emergency-address.md); default the reference implementations. */
  emergency?: { catalogue?: AddressCatalogue; validator?: AddressValidator };
  /** Where the server's own analytics events go (server/analytics/); default a JSON line in the log. */
  analytics?: ServerAnalytics;
  /** Room activation's lifetimes, interval and limits (docs/room-activation.md). */
  device?: { settings?: Partial<DeviceSettings> };
  /**
   * Prometheus metrics (docs/operations.md), when enabled (observability/metrics.ts enableMetrics): request
   * durations are measured, and with a token GET /metrics answers on this app too (else only METRICS_PORT).
   */
  metrics?: { recorder: MetricsRecorder; token?: string | undefined };
}

/** Bodies here are small JSON or forms; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: AppDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, keys, publicOrigin, logger } = deps;
  const limits = deps.limits ?? DEFAULT_RATE_LIMITS;
  const limiters = createLimiters(db, limits);
  const trustProxy = deps.trustProxy ?? false;
  const tooLarge = 'Request body is too large';
  const limitApiBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorReply(backendCode.badRequest, tooLarge), 413),
  });
  const limitOAuthBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json({ error: 'invalid_request', error_description: tooLarge }, 413, { 'Cache-Control': 'no-store' }),
  });

  const sessions = browserSessions({ db, publicOrigin });
  const mfa = deps.twoFactor ?? {};
  const mfaKeys = deriveMfaKeys(mfa.masterKey ?? randomBytes(32));
  const mfaSettings = { ...DEFAULT_TWO_FACTOR_SETTINGS, ...mfa.settings };
  const trustedDevices = deviceTrust(publicOrigin, mfaKeys.trustedDevice, mfaSettings.trustedDeviceDays);
  const audit = databaseAudit(db, mfaKeys.audit);
  const delivery = createDelivery(db, now, mfa.delivery);
  const twoFactor = twoFactorService(
    {
      db,
      keys: mfaKeys,
      audit,
      delivery,
      settings: mfaSettings,
      logger,
    },
    trustedDevices,
  );

  const app = new Hono();
  // Outermost, so the request log and every handler run inside the request's span (a no-op with tracing off).
  app.use(traceRequests);
  if (deps.metrics) app.use(measureRequests);
  app.use(securityHeaders);
  app.use(compressReplies);
  const logFormat = deps.logRequests ?? 'off';
  if (logFormat !== 'off') app.use(requestLog(logger, logFormat));
  app.route('/', healthRoutes(db));
  if (deps.metrics?.token) app.route('/', metricsRoute(deps.metrics.recorder, deps.metrics.token));
  app.use('/api/*', noStore, limitApiBody);
  app.use('/oauth/*', limitOAuthBody);
  // CSRF (docs/sessions.md): apps call the token, revocation, introspection, UserInfo and device
  // authorization endpoints from their own origins (with their own credentials, never the browser's
  // cookies), and /oauth/logout applies its own rule.
  app.use(
    refuseCrossSite(publicOrigin, [
      '/oauth/token',
      '/oauth/revoke',
      '/oauth/introspect',
      '/oauth/userinfo',
      '/oauth/logout',
      '/oauth/device_authorization',
    ]),
  );

  app.route('/api', configRoutes(db, sessions, deps.listPseudoLocales ?? true));
  app.route('/api', numberRoutes(db));
  app.route(
    '/api',
    authRoutes({
      db,
      sessions,
      now,
      logger,
      limiters,
      trustProxy,
      lockoutMs: limits.lockoutMinutes * 60_000,
      deniedFingerprints: new Set(deps.deniedFingerprints ?? []),
    }),
  );
  app.route('/api', sessionRoutes({ db, sessions, now }));
  app.route(
    '/api',
    authorisationRoutes({ db, sessions, now, trustedDevices, audit, trustProxy, issuer: publicOrigin }),
  );
  app.route('/api', noticeRoutes({ db, audit, sessions, now, limiters, logger, trustProxy }));
  app.route(
    '/api',
    twoFactorRoutes({ service: twoFactor, sessions, now, limiters, logger, trustProxy, publicOrigin }),
  );
  const lockoutMs = limits.lockoutMinutes * 60_000;
  const admission = signInAdmission({ db, logger, limiters, lockoutMs, trustProxy });
  app.route(
    '/api',
    passkeyRoutes({
      db,
      audit,
      logger,
      now,
      sessions,
      admission,
      trustedDevices,
      trustProxy,
      rp: relyingPartyOf(publicOrigin),
      dismissals: offerDismissals(publicOrigin, mfaKeys.passkeyOffer),
    }),
  );
  const account = {
    db,
    audit,
    delivery,
    settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...deps.account?.settings },
    logger,
    publicOrigin,
    codePepper: mfaKeys.codePepper,
    signIn: admission.signInContext,
    trustedDevices,
  };
  const emergency = {
    db,
    audit,
    knowledge: {
      catalogue: deps.emergency?.catalogue ?? referenceCatalogue(),
      validator: deps.emergency?.validator ?? referenceValidator(),
    },
  };
  // Before accountRoutes, whose `/account/*` rate limit would otherwise count these calls twice.
  app.route('/api', emergencyRoutes({ emergency, sessions, now, limiters, logger, trustProxy }));
  app.route('/api', accountRoutes({ account, sessions, admission, now, limiters, logger, trustProxy }));
  const identity = identityRoutes({
    db,
    sessions,
    keys,
    publicOrigin,
    now,
    logger,
    limiters,
    lockoutMs: limits.lockoutMinutes * 60_000,
    trustProxy,
  });
  app.route('/api', identity.api);
  const deviceSettings = { ...DEFAULT_DEVICE_SETTINGS, ...deps.device?.settings };
  const device = deviceRoutes({
    db,
    keys,
    publicOrigin,
    now,
    logger,
    trustProxy,
    settings: deviceSettings,
    limiters: createDeviceLimiters(db, deviceSettings),
  });
  app.route('/api', device.api);
  // The calls above described (docs/integration.md): /api/openapi.json and its reference page.
  app.route('/api', openApiRoutes(publicOrigin));
  app.all('/api/*', (c) => c.json(errorReply(backendCode.badRequest, 'Unknown API path'), 404));

  const analytics = deps.analytics ?? loggedAnalytics(logger);
  app.route(
    '/oauth',
    authorizeRoutes({
      db,
      keys,
      sessions,
      now,
      trustedDevices,
      analytics,
      logger,
      issuer: publicOrigin,
    }),
  );
  app.route('/oauth', tokenRoutes({ db, keys, issuer: publicOrigin, now, logger, limiters, trustProxy }));
  app.route('/oauth', introspectionRoutes({ db, keys, issuer: publicOrigin, now, logger }));
  app.route('/oauth', userInfoRoutes({ db, keys, issuer: publicOrigin, now }));
  app.route('/oauth', endSessionRoutes({ db, keys, issuer: publicOrigin, sessions, now }));
  app.route('/oauth', device.oauth);
  app.route('/device', device.browser);
  app.route('/', metadataRoutes({ db, issuer: publicOrigin, keys }));
  app.route('/brand-assets', brandAssetRoutes(db));
  app.route('/fingerprint', fingerprintRoutes());
  app.route('/mobile', identity.mobile);
  app.route('/idp', identity.idp);
  // One demo implementation, three apps: a third-party partner, a first-party notes app and a retired one.
  for (const demo of [DEMO_PARTNER_APP, DEMO_NOTES_APP, DEMO_RETIRED_APP])
    app.route(demo.basePath, demoAppRoutes({ publicOrigin, fetch: deps.demoFetch ?? fetch, app: demo, now }));
  // A meeting-room display signing in with the device grant (docs/room-activation.md).
  const displayNameOf = async (extensionId: string) =>
    (await findUserByExtensionId(db, extensionId))?.displayName || undefined;
  app.route(
    DEMO_ROOM_APP.basePath,
    demoRoomRoutes({ publicOrigin, fetch: deps.demoFetch ?? fetch, now, displayNameOf }),
  );
  // Development mail catcher: off in production unless DEV_OUTBOX=on (then these paths are plain 404s).
  if (mfa.devOutbox ?? true) app.route('/dev', outboxRoutes(db));
  // Where public/browser-check.js sends a browser the app cannot run in (docs/notices.md).
  app.route('/unsupported-browser', unsupportedBrowserRoutes(publicOrigin));
  app.route('/', staticRoutes(deps.distDir));

  app.notFound((c) => c.text('Not found', 404));
  app.onError(handleError(logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
