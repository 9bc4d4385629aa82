import { timestamp } from 'drizzle-orm/pg-core';

// Column and constraint helpers every schema file shares; a leaf, so that any table file can import it.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** A CHECK condition over a schema file's own constant lists (no user input reaches it). */
export const oneOf = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((value) => `'${value}'`).join(', ')})`;
