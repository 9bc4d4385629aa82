import { saveCompileCache, speedUpModuleLoading } from './module-loading.ts';

speedUpModuleLoading();
// Imported only now, so they load with the compile cache and the resolve shortcut in place.
const {
  accountFrom,
  kekRingFrom,
  metricsFrom,
  rateLimitsFrom,
  readEnv,
  seedsDemo,
  tracesEnabled,
  twoFactorFrom,
} = await import('./env.ts');
const env = readEnv();
// Start-up phases as performance marks (docs/benchmarks.md "Server start-up"): test/bench/startup-marks.mjs prints them.
performance.mark('foyer:env');
if (!env.DATABASE_URL && env.DATA_DIR !== 'memory') {
  // A fresh data folder is unpacked from the build's image on libuv's threads while the rest of the server
  // loads on this one; startServer waits for it before opening the database.
  import('./db/pglite.ts')
    .then(({ imageIn, prepareDataDir }) => prepareDataDir(env.DATA_DIR, imageIn(env.DIST_DIR)))
    .catch(() => {});
}
// OpenTelemetry's SDK is loaded only when an OTEL_* variable asks for traces (docs/operations.md "Traces").
const tracing = tracesEnabled(env)
  ? (await import('./observability/tracing-sdk.ts')).startTracing()
  : undefined;
const [
  { DEMO_CLIENT_ID, SEED_USERS, STATE_DEMO_PASSWORD, STATE_DEMOS, TOTP_DEMO_SECRET, TWO_FACTOR_DEMOS },
  { startServer },
  { outboxChannels },
] = await Promise.all([import('./db/seed-data.ts'), import('./start.ts'), import('./delivery/configure.ts')]);
performance.mark('foyer:modules');
const twoFactor = twoFactorFrom(env);

// A start that cannot finish (a database that refuses, demo data in production) says why in one line
// and exits non-zero, without a stack trace.
const server = await startServer({
  port: env.PORT,
  host: env.HOST,
  dataDir: env.DATA_DIR,
  distDir: env.DIST_DIR,
  logRequests: env.LOG_REQUESTS,
  limits: rateLimitsFrom(env),
  trustProxy: env.TRUST_PROXY,
  deniedFingerprints: env.FINGERPRINT_DENY_LIST,
  listPseudoLocales: env.NODE_ENV !== 'production',
  seedDemo: seedsDemo(env),
  refuseDemoData: env.NODE_ENV === 'production',
  twoFactor,
  account: accountFrom(env),
  keyEncryptionKeys: kekRingFrom(env),
  metrics: metricsFrom(env),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
}).catch((error: unknown) => {
  console.error(`Foyer could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

saveCompileCache();
console.log(`Foyer is ready at ${server.origin} (${server.readyMs} ms)`);
if (server.metricsOrigin) console.log(`Prometheus metrics at ${server.metricsOrigin}/metrics`);
if (tracing) console.log('OpenTelemetry traces are on (OTEL_* variables, docs/operations.md "Traces")');
if (seedsDemo(env)) printDemoAccounts();

function printDemoAccounts() {
  console.log(`Demo partner app (OAuth client "${DEMO_CLIENT_ID}"): ${server.origin}/demo-app`);
  console.log('Demo accounts:');
  const twoFactorEmails = new Set(TWO_FACTOR_DEMOS.map((demo) => `${demo.name}@example.com`));
  for (const user of SEED_USERS.filter(
    (seeded) => seeded.state === 'active' && !twoFactorEmails.has(seeded.email),
  )) {
    const extension = user.extension ? ` ext ${user.extension}` : '';
    const phone = user.phoneNumber ? `, or ${user.phoneNumber}${extension}` : '';
    console.log(`  ${user.email}${phone} / ${user.password} (brand ${user.brandId})`);
  }
  const stateNames = STATE_DEMOS.map((demo) => demo.name).join(', ');
  console.log(`Account-state demos: <name>@example.com / ${STATE_DEMO_PASSWORD}, name one of ${stateNames}`);
  const twoFactorNames = TWO_FACTOR_DEMOS.map((demo) => demo.name).join(', ');
  console.log(
    `Two-factor demos: <name>@example.com / ${STATE_DEMO_PASSWORD}, name one of ${twoFactorNames}; totp's authenticator secret ${TOTP_DEMO_SECRET}`,
  );
}
const kept = outboxChannels(twoFactor.delivery ?? {});
if (kept.length > 0 && twoFactor.devOutbox)
  console.log(`Sent codes (${kept.join(', ')}) are kept, not sent: read them at ${server.origin}/dev/outbox`);
else if (kept.length > 0)
  console.warn(
    `Warning: no adapter for ${kept.join(', ')}: those codes only go to the outbox table, and /dev/outbox is off (docs/two-factor.md)`,
  );

// SIGTERM (a deploy, a scale-down): stop accepting, let what is in flight finish (at most 10 s), close the
// database pool, exit 0 (docs/deployment.md).
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server
      .close({ graceMs: 10_000 })
      // The spans still in the exporter's batch are sent before the process goes.
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Shutdown failed: ${String(error)}`);
          process.exit(1);
        },
      );
  });
}
