import type { Sql } from 'postgres';

/**
 * The postgres driver as Drizzle should use it: every parameterised query as a named prepared statement,
 * cached per connection by its text. Drizzle asks the driver for unnamed statements unless a query is
 * given a name (`.prepare('…')`), and for an unnamed statement with parameters the driver first sends
 * Parse and Describe and waits for the reply before Bind and Execute: two round trips, and PostgreSQL
 * parses and plans the text every time. Prepared once, later runs are one round trip of Bind and Execute
 * (docs/benchmarks.md "Where a sign-in's CPU goes": the load bench's 26 queries per sign-in).
 * Transactions' own connections are given the same treatment. When a migration changes a table a
 * statement reads, the driver prepares it again (it retries PostgreSQL's "cached plan must not change
 * result type"). `?prepare=false` on DATABASE_URL (the driver's own option) keeps unnamed statements, for
 * a pooler in transaction mode that cannot keep them (PgBouncer before 1.21, or without
 * max_prepared_statements).
 */
export function withPreparedStatements<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, parameters as never, { ...options, prepare: true });
      if (property === 'begin')
        return (...args: unknown[]) => {
          const work = args.at(-1) as (transaction: Sql) => unknown;
          const wrapped = (transaction: Sql) => work(withPreparedStatements(transaction));
          return (target.begin as (...rest: unknown[]) => unknown)(...args.slice(0, -1), wrapped);
        };
      if (property === 'savepoint')
        return (...args: unknown[]) => {
          const work = args.at(-1) as (transaction: Sql) => unknown;
          const wrapped = (transaction: Sql) => work(withPreparedStatements(transaction));
          const savepoint = (target as unknown as { savepoint: (...rest: unknown[]) => unknown }).savepoint;
          return savepoint(...args.slice(0, -1), wrapped);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}
