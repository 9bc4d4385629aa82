/**
 * Prometheus metrics (docs/operations.md), as the named calls the services make where an outcome is
 * decided. This module never loads prom-client: until `enableMetrics()` installs the registry
 * (metrics-registry.ts, imported only when METRICS_PORT or METRICS_TOKEN is set), every call here is a
 * no-op, so a server without metrics pays neither prom-client's start-up nor its memory.
 *
 * Every label value is bounded: codes from api/contract/backendCodes.ts, client ids from the registered
 * clients (capped, below), route templates, fixed outcome words. Nothing a caller types becomes a label.
 */
import { backendCode } from '../../api/contract/backendCodes.ts';
import { ApiFailure } from '../http/errors.ts';

import type {
  BackchannelOutcome,
  DatabaseErrorKind,
  MetricsRecorder,
  Outcome,
  PasskeyCeremony,
  SendChannel,
  SendOutcome,
  SignInMethod,
} from './metrics-recorder.ts';

export type { MetricsRecorder } from './metrics-recorder.ts';

let recorder: MetricsRecorder | undefined;

/**
 * Loads prom-client and installs the process's one registry. Idempotent: the server's test files share a
 * worker's modules (vite.config.ts, `isolate: false`), and registering a metric twice would throw.
 */
export async function enableMetrics(): Promise<MetricsRecorder> {
  if (recorder) return recorder;
  const { createRecorder } = await import('./metrics-registry.ts');
  recorder ??= createRecorder();
  return recorder;
}

export const metricsEnabled = () => recorder !== undefined;

/**
 * At most this many client ids are labels; later ones are counted as `other`. Clients are registered by
 * operators (npm run clients), so this is a guard against a runaway registration script, not a limit
 * a real deployment meets.
 */
export const MAX_CLIENT_LABELS = 200;
const clientLabels = new Set<string>();
function clientLabel(clientId: string): string {
  if (clientLabels.has(clientId)) return clientId;
  if (clientLabels.size >= MAX_CLIENT_LABELS) return 'other';
  clientLabels.add(clientId);
  return clientId;
}

const KNOWN_CODES = new Set<number>(Object.values(backendCode));

/** How a call ended, as labels: a refusal's backend code (spec §8), a rate limit, or an unexpected error. */
function outcomeOf(error: unknown): { outcome: Outcome; code: string } {
  if (error instanceof ApiFailure)
    return { outcome: 'refused', code: KNOWN_CODES.has(error.code) ? String(error.code) : 'other' };
  // By name: server/security/rate-limits.ts imports this module, so it cannot be imported back.
  if (error instanceof Error && error.name === 'RateLimited')
    return { outcome: 'rate_limited', code: String(backendCode.requestFrequently) };
  return { outcome: 'error', code: String(backendCode.internal) };
}

/** Resolves or rejects as `work` does; `record` hears how it ended. */
async function observed<T>(work: Promise<T>, record: (outcome: Outcome, code: string) => void): Promise<T> {
  try {
    const result = await work;
    record('success', 'none');
    return result;
  } catch (error) {
    const { outcome, code } = outcomeOf(error);
    record(outcome, code);
    throw error;
  }
}

/** A password sign-in, counted by how it ended: `foyer_sign_ins_total`. */
export const countedSignIn = <T>(method: SignInMethod, work: Promise<T>) =>
  recorder ? observed(work, (outcome, code) => recorder?.signIn(method, outcome, code)) : work;

/** A passkey ceremony, counted by how it ended: `foyer_passkey_ceremonies_total`. */
export const countedPasskeyCeremony = <T>(ceremony: PasskeyCeremony, work: Promise<T>) =>
  recorder ? observed(work, (outcome, code) => recorder?.passkeyCeremony(ceremony, outcome, code)) : work;

/** Times an argon2id verification: `foyer_password_verify_duration_seconds`. */
export async function timedPasswordVerify<T>(work: Promise<T>): Promise<T> {
  if (!recorder) return work;
  const started = performance.now();
  try {
    return await work;
  } finally {
    recorder?.passwordVerify((performance.now() - started) / 1000);
  }
}

export const countSecondFactorSend = (channel: SendChannel, outcome: SendOutcome) =>
  recorder?.secondFactorSend(channel, outcome);
export const countCodeIssued = (clientId: string) => recorder?.codeIssued(clientLabel(clientId));
export const countTokensIssued = (grantType: string, clientId: string) =>
  recorder?.tokensIssued(grantType, clientLabel(clientId));
/** `limiter` is a limiter's fixed key prefix (login-ip, token-ip, …), never its key. */
export const countRateLimitRefusal = (limiter: string) => recorder?.rateLimitRefusal(limiter);
export const countLockout = () => recorder?.lockout();
export const countLockedRefusal = () => recorder?.lockedRefusal();
export const countBackchannelDelivery = (outcome: BackchannelOutcome, previousAttempts: number) =>
  recorder?.backchannelDelivery(outcome, previousAttempts === 0 ? 'first' : 'retry');
export const recordRequest = (method: string, route: string, status: number, seconds: number) =>
  recorder?.request(method, route, status, seconds);
export const countDatabaseQuery = (kind: 'started' | 'settled') => recorder?.databaseQuery(kind);
/** server/db/client.ts leaves postgres.js at its default pool of 10 connections; PGlite is one connection. */
export const recordDatabasePoolSize = (engine: 'postgres' | 'pglite') =>
  recorder?.databasePoolSize(engine === 'postgres' ? 10 : 1);
export const countDatabaseError = (kind: DatabaseErrorKind) => recorder?.databaseError(kind);
