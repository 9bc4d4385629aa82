import { defineConfig } from 'drizzle-kit';

// Paths are relative to the project root, where drizzle-kit is run:
// npx drizzle-kit generate --config server/db/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema.two-factor.ts',
    './server/db/schema.account.ts',
    './server/db/schema.emergency.ts',
    './server/db/schema.notices.ts',
    './server/db/schema.device.ts',
  ],
  out: './server/db/migrations',
});
