import { DEMO_CLIENT_ID, SEED_USERS, STATE_DEMO_PASSWORD, STATE_DEMOS } from './db/seed-data.ts';
import { rateLimitsFrom, readEnv } from './env.ts';
import { startServer } from './start.ts';

const env = readEnv();
const server = await startServer({
  port: env.PORT,
  host: env.HOST,
  dataDir: env.DATA_DIR,
  distDir: env.DIST_DIR,
  logRequests: env.LOG_REQUESTS,
  limits: rateLimitsFrom(env),
  trustProxy: env.TRUST_PROXY,
  deniedFingerprints: env.FINGERPRINT_DENY_LIST,
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
});

console.log(`Foyer is ready at ${server.origin} (${server.readyMs} ms)`);
console.log(`Demo partner app (OAuth client "${DEMO_CLIENT_ID}"): ${server.origin}/demo-app`);
console.log('Demo accounts:');
for (const user of SEED_USERS.filter((seeded) => seeded.state === 'active')) {
  const phone = user.phoneNumber ? `, or ${user.phoneNumber} ext ${user.extension}` : '';
  console.log(`  ${user.email}${phone} / ${user.password} (brand ${user.brandId})`);
}
const stateNames = STATE_DEMOS.map((demo) => demo.name).join(', ');
console.log(`Account-state demos: <name>@example.com / ${STATE_DEMO_PASSWORD}, name one of ${stateNames}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  });
}
