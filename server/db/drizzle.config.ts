import { defineConfig } from 'drizzle-kit';

// Paths are relative to the project root, where drizzle-kit is run:
// npx drizzle-kit generate --config server/db/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    // The core tables (schema.ts only re-exports these).
    './server/db/schema.brands.ts',
    './server/db/schema.users.ts',
    './server/db/schema.sessions.ts',
    './server/db/schema.oauth.ts',
    './server/db/schema.rate-limits.ts',
    './server/db/schema.two-factor.ts',
    './server/db/schema.account.ts',
    './server/db/schema.emergency.ts',
    './server/db/schema.notices.ts',
    './server/db/schema.device.ts',
    './server/db/schema.passkeys.ts',
    './server/db/schema.startup.ts',
  ],
  out: './server/db/migrations',
});
