import { DEMO_CLIENT_ID, SEED_USERS } from './db/seed-data.ts';
import { readEnv } from './env.ts';
import { startServer } from './start.ts';

const env = readEnv();
const server = await startServer({
  port: env.PORT,
  host: env.HOST,
  dataDir: env.DATA_DIR,
  distDir: env.DIST_DIR,
  logRequests: env.LOG_REQUESTS,
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
});

console.log(`Foyer is ready at ${server.origin} (${server.readyMs} ms)`);
console.log(`Demo partner app (OAuth client "${DEMO_CLIENT_ID}"): ${server.origin}/demo-app`);
console.log('Demo accounts:');
for (const user of SEED_USERS) {
  const phone = user.phoneNumber ? `, or ${user.phoneNumber} ext ${user.extension}` : '';
  console.log(`  ${user.email}${phone} / ${user.password} (brand ${user.brandId})`);
}

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
