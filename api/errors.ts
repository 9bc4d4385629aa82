/**
 * The one error type every API call rejects with. `code` is `API_ERROR_<backend code>` for a failed
 * status (spec §7), `API_ERROR_429` for HTTP 429 (with the ray id), or one of the transport codes below.
 */
export type TransportErrorCode = 'UI_ERROR_NETWORK' | 'UI_ERROR_BAD_REPLY';
/**
 * The browser's own refusals of a passkey request (machines/passkeys/ceremonies.ts): cancelled or timed
 * out, a passkey this device already holds for the account, or no way to use passkeys here.
 */
export type PasskeyRefusalCode =
  | 'UI_ERROR_PASSKEY_CANCELLED'
  | 'UI_ERROR_PASSKEY_EXISTS'
  | 'UI_ERROR_PASSKEY_UNAVAILABLE';
export type ApiErrorCode = `API_ERROR_${string}` | TransportErrorCode | PasskeyRefusalCode;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly httpStatus: number;
  readonly backendMessage: string;
  readonly rayId: string | undefined;
  readonly errorParameters: Readonly<Record<string, string>>;
  /** Spec §3 error reply: the password policy code (PWD-…) and, for PWD-015, how many passwords count. */
  readonly errorCode: string | undefined;
  readonly numberOfLastUsedPasswords: number | undefined;
  /**
   * A refusal's reply as it came (its JSON): a flow whose contract says more than the envelope reads
   * it with its own schema, in its own chunk (the emergency flow's `fieldErrors`).
   */
  readonly reply: unknown;

  constructor(init: {
    code: ApiErrorCode;
    httpStatus?: number;
    backendMessage?: string;
    rayId?: string | undefined;
    errorParameters?: Record<string, string>;
    errorCode?: string | undefined;
    numberOfLastUsedPasswords?: number | undefined;
    reply?: unknown;
  }) {
    super(`${init.code}: ${init.backendMessage ?? ''}`);
    this.name = 'ApiError';
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? 0;
    this.backendMessage = init.backendMessage ?? '';
    this.rayId = init.rayId;
    this.errorParameters = init.errorParameters ?? {};
    this.errorCode = init.errorCode;
    this.numberOfLastUsedPasswords = init.numberOfLastUsedPasswords;
    this.reply = init.reply;
  }

  /** The numeric backend code, when the error came from a status reply. */
  get backendCode(): number | undefined {
    const match = /^API_ERROR_(\d+)$/.exec(this.code);
    return match ? Number(match[1]) : undefined;
  }
}

/** Anything thrown by an actor becomes an ApiError, so guards branch on one shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    code: 'UI_ERROR_NETWORK',
    backendMessage: error instanceof Error ? error.message : String(error),
  });
}
