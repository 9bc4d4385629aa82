/** The label values and the recorder interface shared by metrics.ts (the calls) and metrics-registry.ts (prom-client). */

export type Outcome = 'success' | 'refused' | 'rate_limited' | 'error';
export type SignInMethod = 'password' | 'identity_provider';
export type SendChannel = 'email' | 'sms' | 'voice';
export type SendOutcome = 'sent' | 'delivery_failed' | 'too_often' | 'unavailable';
export type PasskeyCeremony = 'authentication' | 'registration';
export type BackchannelOutcome = 'delivered' | 'retry' | 'abandoned';
export type DatabaseErrorKind = 'unavailable' | 'query';

/** What metrics-registry.ts implements over prom-client; metrics.ts forwards to it once enabled. */
export interface MetricsRecorder {
  signIn(method: SignInMethod, outcome: Outcome, code: string): void;
  secondFactorSend(channel: SendChannel, outcome: SendOutcome): void;
  passkeyCeremony(ceremony: PasskeyCeremony, outcome: Outcome, code: string): void;
  codeIssued(client: string): void;
  tokensIssued(grantType: string, client: string): void;
  rateLimitRefusal(limiter: string): void;
  lockout(): void;
  lockedRefusal(): void;
  backchannelDelivery(outcome: BackchannelOutcome, attempt: 'first' | 'retry'): void;
  request(method: string, route: string, status: number, seconds: number): void;
  passwordVerify(seconds: number): void;
  databaseQuery(kind: 'started' | 'settled'): void;
  databasePoolSize(connections: number): void;
  databaseError(kind: DatabaseErrorKind): void;
  /** The text exposition of everything, with its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}
