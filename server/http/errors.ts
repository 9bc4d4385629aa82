import { DrizzleQueryError } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { ErrorReply } from '../../api/contract/envelope.ts';

/** The generic text of spec §8 for internal errors; nothing about the cause leaks to the caller. */
export const INTERNAL_MESSAGE = 'The service is temporarily unavailable. Please try again later.';

/**
 * A policy refusal's code, sent beside the status: a password's and N (spec §8 402), an activation
 * answer's, or an emergency address's (EA-…, with the address fields at fault: api/contract/emergency.ts).
 */
type Policy = {
  errorCode: string;
  numberOfLastUsedPasswords?: number;
  fieldErrors?: readonly { field: string; rule: string; maxLength?: number | undefined }[];
};

/**
 * A failure the API answers on purpose: an HTTP status plus the backend code of spec §8 and a message
 * meant for developers (the SPA maps the code, not the message, to user-facing text).
 */
export class ApiFailure extends Error {
  readonly httpStatus: ContentfulStatusCode;
  readonly code: number;
  readonly errorParameters: Record<string, string>;
  /** Sent as x-ray-id when the failure was logged, so a user's report can be matched to the log line. */
  readonly rayId: string | undefined;
  /**
   * A policy refusal's code: a password's and N (spec §8 402: `errorCode`, `numberOfLastUsedPasswords`),
   * or an activation answer's (ANSWER-001 …).
   */
  readonly policy: Policy | undefined;

  constructor(
    httpStatus: ContentfulStatusCode,
    code: number,
    message: string,
    extra: {
      errorParameters?: Record<string, string>;
      rayId?: string;
      policy?: Policy;
    } = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
    this.httpStatus = httpStatus;
    this.code = code;
    this.errorParameters = extra.errorParameters ?? {};
    this.rayId = extra.rayId;
    this.policy = extra.policy;
  }
}

export const badRequest = (message: string) => new ApiFailure(400, backendCode.badRequest, message);

export function errorReply(
  code: number,
  backendMessage: string,
  errorParameters: Record<string, string> = {},
): ErrorReply {
  return { status: { success: false, code, errorParameters, backendMessage } };
}

/**
 * One line about an unexpected error, safe for logs: drizzle's query errors carry the bound parameters
 * (token hashes, password hashes) in their message, so only the driver's own message is kept.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error thrown: ${typeof error}`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  // drizzle's DrizzleQueryError leaves `name` as 'Error', so the class is what tells it.
  const queryError = error instanceof DrizzleQueryError || error.name === 'DrizzleQueryError';
  const headline = queryError
    ? `DrizzleQueryError: ${cause?.message ?? 'the query failed'}`
    : `${error.name}: ${error.message}`;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8);
  return [headline, ...frames].join('\n');
}

/**
 * Errors that mean the database cannot be reached now (a refused or dropped connection, a server
 * shutting down or starting, too many connections), found anywhere in the cause chain: drizzle wraps the
 * driver's error.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    current = current.cause;
  }
  return false;
}
