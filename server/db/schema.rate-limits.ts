import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './schema.columns.ts';

/**
 * rate-limiter-flexible's RateLimiterDrizzle store (columns named as it expects): request counters per
 * IP and per identifier, and consecutive wrong passwords per account. `expire` ends the window or block.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: at('expire'),
  },
  (table) => [index('rate_limits_expire').on(table.expire)],
);
