import { context, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_DB_COLLECTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import { hookDatabaseQueries } from '../db/query-hooks.ts';
import { errorKind, markFailed, tracer } from './tracing.ts';

/**
 * A client span per database query, for both drivers (server/db/query-hooks.ts); Drizzle's own tracing hook
 * is never switched on. A query outside any trace (the back-channel worker's poll every two seconds, the
 * hourly purge, the migrations at boot) makes no span: it would be a root span of its own, noise in every
 * trace view.
 */
export function traceDatabaseQueries(): void {
  hookDatabaseQueries('tracing', (queryString, run) => {
    const parent = context.active();
    if (!trace.getSpan(parent)) return run();
    const statement = describeStatement(queryString);
    const span = tracer().startSpan(
      statement.summary,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_OPERATION_NAME]: statement.operation,
          [ATTR_DB_QUERY_SUMMARY]: statement.summary,
          ...(statement.table ? { [ATTR_DB_COLLECTION_NAME]: statement.table } : {}),
        },
      },
      parent,
    );
    return run().then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        // Drizzle's error quotes the statement and its parameters: only the SQLSTATE is kept.
        const sqlState = sqlStateOf(error);
        if (sqlState) span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, sqlState);
        markFailed(span, sqlState ?? errorKind(error));
        span.end();
        throw error;
      },
    );
  });
}

const OPERATION = /^\s*([a-z]+)/i;
/** The first table a statement names: Drizzle quotes identifiers, and values are always `$n` parameters. */
const TABLE: Record<string, RegExp> = {
  SELECT: /\bfrom\s+"?([\w]+)"?/i,
  INSERT: /^\s*insert\s+into\s+"?([\w]+)"?/i,
  UPDATE: /^\s*update\s+"?([\w]+)"?/i,
  DELETE: /^\s*delete\s+from\s+"?([\w]+)"?/i,
};

/**
 * The statement's operation and first table, as the database semantic conventions name them
 * (`SELECT users`). Only keywords and identifiers are read from the text, never a literal.
 */
export function describeStatement(queryString: string): {
  operation: string;
  table?: string;
  summary: string;
} {
  const operation = OPERATION.exec(queryString)?.[1]?.toUpperCase() ?? 'UNKNOWN';
  const table = TABLE[operation]?.exec(queryString)?.[1]?.slice(0, 63);
  return table ? { operation, table, summary: `${operation} ${table}` } : { operation, summary: operation };
}

function sqlStateOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
