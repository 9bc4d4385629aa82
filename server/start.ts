import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AccountSettings } from './account/account.settings.ts';
import { createApp } from './app.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { imageIn } from './db/pglite.ts';
import { purgeExpired } from './db/purge.ts';
import { refuseDemoData, seed } from './db/seed.ts';
import { TOTP_DEMO_EMAIL, TOTP_DEMO_SECRET } from './db/seed-data.ts';
import { fingerprintApplied, recordFingerprint, seedFingerprint } from './db/seed-fingerprint.ts';
import { consoleLogger, type RequestLogFormat, silentLogger } from './http/logger.ts';
import { backchannelWorker } from './oauth/backchannel/worker.ts';
import { loadSigningKeys } from './oauth/signing-keys.ts';
import { enableMetrics, recordDatabasePoolSize } from './observability/metrics.ts';
import { listenForScrapes, type MetricsListener } from './observability/metrics-http.ts';
import { type KekRing, loadKekRing } from './security/key-encryption.ts';
import type { RateLimits } from './security/rate-limits.ts';
import { deriveMfaKeys, loadMasterKey } from './two-factor/mfa-keys.ts';
import { seedDemoAuthenticator } from './two-factor/totp.service.ts';
import type { TwoFactorOptions } from './two-factor/two-factor.settings.ts';

export interface StartOptions {
  /** 0 picks any free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PGlite data directory, or 'memory'. Default ./data. Ignored when databaseUrl is set. */
  dataDir?: string | 'memory';
  /** PostgreSQL URL; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** The built SPA. Default ./dist. */
  distDir?: string;
  /**
   * The seeded cluster `npm run build` writes (server/db/build-image.ts), which a PGlite that does not exist
   * yet starts from instead of initdb; without the file it runs initdb. Default <distDir>/.db-image.tar.gz.
   */
  databaseImage?: string;
  /** No request log and no error log. */
  quiet?: boolean;
  /** Log one line per request (never queries, bodies or cookies), as text or JSON. Default off. */
  logRequests?: RequestLogFormat;
  /**
   * Write the demo clients, accounts and authenticator secret (server/db/seed.ts). Default true (tests,
   * `npm start` on PGlite); main.ts follows SEED_DEMO.
   */
  seedDemo?: boolean;
  /** Refuse to start on a database holding demo clients or accounts (main.ts: NODE_ENV=production). */
  refuseDemoData?: boolean;
  /** The public origin, when it is not http://localhost:<port> (e.g. behind a TLS proxy). */
  publicOrigin?: string;
  /** Default DEFAULT_RATE_LIMITS; browser tests and benchmarks raise them. */
  limits?: RateLimits;
  /** Client IPs from X-Forwarded-For (behind a proxy). Default false. */
  trustProxy?: boolean;
  deniedFingerprints?: readonly string[];
  /** List the pseudo locales on the default brand; main.ts turns it off under NODE_ENV=production. */
  listPseudoLocales?: boolean;
  /** Two-factor settings, delivery adapters, outbox and key (server/env.ts twoFactorFrom). */
  twoFactor?: StartTwoFactor;
  /** Link lifetimes and the password history (server/env.ts accountFrom). */
  account?: Partial<AccountSettings>;
  /** Without it (neither METRICS_PORT nor METRICS_TOKEN), no metrics: prom-client is never loaded. */
  metrics?: StartMetrics | undefined;
  /**
   * KEY_ENCRYPTION_KEY(_FILE), which seals the signing keys (server/env.ts kekRingFrom); without it
   * `kek.key` in the data folder is used or made (development: main.ts refuses that in production).
   */
  keyEncryptionKeys?: KekRing | undefined;
}

/** Prometheus metrics (docs/operations.md): a listener of their own, or the public port behind a token. */
export interface StartMetrics {
  /** METRICS_PORT; 0 picks any free port. Without it, /metrics answers only on the public port, with the token. */
  port?: number | undefined;
  /** METRICS_HOST; default the public listener's host. */
  host?: string | undefined;
  /** METRICS_TOKEN: the bearer token GET /metrics needs. */
  token?: string | undefined;
}

export interface StartTwoFactor extends Omit<TwoFactorOptions, 'masterKey'> {
  /** MFA_ENCRYPTION_KEY (base64 of 32 bytes); without it `mfa.key` in the data folder is used or made. */
  encryptionKey?: string;
}

export interface RunningServer {
  origin: string;
  /** Where GET /metrics answers when METRICS_PORT is set: `http://host:port`. */
  metricsOrigin?: string;
  /** Milliseconds from the call to the moment the app answers requests. */
  readyMs: number;
  /**
   * Stops accepting connections and closes the database. With `graceMs`, requests in flight may finish
   * first (idle keep-alive connections close at once; busy ones are cut when the grace runs out).
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PURGE_DELAY_MS = 10_000;

/**
 * Listens first, so the public origin can follow the real port (the seeded demo redirect URI depends on
 * it), then opens and migrates the database, seeds it (both skipped when the stored fingerprint says they
 * are done: server/db/seed-fingerprint.ts), loads the signing keys and starts answering.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const logger = options.quiet ? silentLogger : consoleLogger;
  // The adaptor's bindings (the incoming socket) are passed on: rate limits read the client IP there.
  let handler: ((request: Request, bindings: unknown) => Response | Promise<Response>) | undefined;
  const server = createAdaptorServer({
    fetch: (request, bindings) =>
      handler?.(request, bindings) ?? new Response('Starting, try again shortly', { status: 503 }),
  });
  const port = await listen(server, options.port ?? 8080, options.host ?? '127.0.0.1');
  const origin = options.publicOrigin ?? `http://localhost:${port}`;
  performance.mark('foyer:listen');

  const distDir = resolve(options.distDir ?? './dist');
  let metricsListener: MetricsListener | undefined;
  // Closed again when the start fails after opening it (a key that does not open, demo data refused).
  let opened: DatabaseHandle | undefined;
  try {
    const metrics = await startMetrics(options.metrics, options.host ?? '127.0.0.1');
    metricsListener = metrics?.listener;
    recordDatabasePoolSize(options.databaseUrl ? 'postgres' : 'pglite');
    const seedDemo = options.seedDemo ?? true;
    const { encryptionKey, ...twoFactor } = options.twoFactor ?? {};
    // With PostgreSQL the key file still lives in DATA_DIR; several processes must share MFA_ENCRYPTION_KEY.
    const masterKey = await loadMasterKey({ envKey: encryptionKey, dataDir: options.dataDir ?? './data' });
    const kek = await loadKekRing({
      setting: options.keyEncryptionKeys,
      dataDir: options.dataDir ?? './data',
    });
    if (kek.note) logger.info(kek.note);
    performance.mark('foyer:key-files');
    // A warm start (the stored fingerprint of the migrations and the seed is this one) runs neither the
    // migrator nor the seed: one query instead of dozens (docs/benchmarks.md "Ready in half a second").
    const fingerprint = seedFingerprint({ publicOrigin: origin, demo: seedDemo, masterKey });
    let warm = false;
    const database = await openDatabase(
      options.databaseUrl
        ? { databaseUrl: options.databaseUrl }
        : {
            dataDir: options.dataDir ?? './data',
            image: options.databaseImage ?? imageIn(distDir),
          },
      { migrated: async (db) => (warm = await fingerprintApplied(db, fingerprint)) },
    );
    opened = database;
    performance.mark('foyer:database');
    const { db } = database;
    // One process at a time seeds and makes the first signing key (DatabaseHandle.exclusive).
    const keys = await database.exclusive(async () => {
      // Asked again under the lock: a process starting beside this one may have seeded meanwhile.
      if (!warm && !(await fingerprintApplied(db, fingerprint))) {
        await seed(db, origin, { demo: seedDemo });
        // The demo secret is encrypted with this folder's key, so it is written at boot, not into the image.
        if (seedDemo)
          await seedDemoAuthenticator(db, deriveMfaKeys(masterKey), TOTP_DEMO_EMAIL, TOTP_DEMO_SECRET);
        await recordFingerprint(db, fingerprint);
      }
      if (options.refuseDemoData) await refuseDemoData(db);
      performance.mark('foyer:seed');
      return loadSigningKeys(db, kek.ring);
    });
    performance.mark('foyer:signing-keys');
    const app: Hono = createApp({
      db,
      keys,
      publicOrigin: origin,
      distDir,
      logger,
      logRequests: options.logRequests ?? 'off',
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      ...(options.deniedFingerprints ? { deniedFingerprints: options.deniedFingerprints } : {}),
      ...(options.listPseudoLocales !== undefined ? { listPseudoLocales: options.listPseudoLocales } : {}),
      twoFactor: { ...twoFactor, masterKey },
      ...(options.account ? { account: { settings: options.account } } : {}),
      ...(metrics ? { metrics: { recorder: metrics.recorder, token: options.metrics?.token } } : {}),
    });
    handler = (request, bindings) => app.fetch(request, bindings);
    performance.mark('foyer:ready');
    let purging: Promise<void> | undefined;
    const runPurge = () => {
      purging = purgeExpired(db, new Date()).catch((error: unknown) =>
        logger.error(`purge failed: ${String(error)}`),
      );
    };
    // The first purge waits until the start's first requests are answered: the rows it deletes no longer
    // matter to any request (server/db/purge.ts).
    const firstPurge = setTimeout(runPurge, FIRST_PURGE_DELAY_MS);
    firstPurge.unref();
    const purge = setInterval(runPurge, PURGE_INTERVAL_MS);
    purge.unref();
    // Back-Channel Logout: this process posts what any process queued (server/oauth/backchannel).
    const backchannel = backchannelWorker({ db, keys, issuer: origin, now: () => new Date(), fetch, logger });
    backchannel.start();
    return {
      origin,
      ...(metrics?.listener ? { metricsOrigin: metrics.origin } : {}),
      readyMs: Math.round(performance.now() - started),
      close: async ({ graceMs = 0 } = {}) => {
        clearTimeout(firstPurge);
        clearInterval(purge);
        await closeServer(server, graceMs);
        await metricsListener?.close();
        await backchannel.stop();
        await purging;
        await database.close();
      },
    };
  } catch (error) {
    await opened?.close().catch(() => {});
    await closeServer(server);
    await metricsListener?.close();
    throw error;
  }
}

/** Loads prom-client (only now: it costs start-up time and memory) and opens METRICS_PORT if asked. */
async function startMetrics(options: StartMetrics | undefined, publicHost: string) {
  if (!options || (options.port === undefined && !options.token)) return undefined;
  const recorder = await enableMetrics();
  if (options.port === undefined) return { recorder };
  const host = options.host ?? publicHost;
  const listener = await listenForScrapes(recorder, { port: options.port, host, token: options.token });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { recorder, listener, origin: `http://${shownHost}:${listener.port}` };
}

type NodeServer = ReturnType<typeof createAdaptorServer>;

function listen(server: NodeServer, port: number, host: string): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: NodeServer, graceMs = 0): Promise<void> {
  return new Promise((resolveClose) => {
    const cut = () => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    };
    const deadline = setTimeout(cut, graceMs);
    // Idle keep-alive connections would hold close() open; busy ones finish their request first, and
    // are closed as soon as they turn idle.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    const sweep = setInterval(closeIdle, 50);
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      resolveClose();
    });
    closeIdle();
    if (graceMs === 0) cut();
  });
}
