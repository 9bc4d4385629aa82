import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { type AccountSettings, DEFAULT_ACCOUNT_SETTINGS } from './account/account.settings.ts';
import { DEFAULT_MAIL_FROM } from './delivery/delivery.ts';
import type { RequestLogFormat } from './http/logger.ts';
import { type KekRing, parseKekRing } from './security/key-encryption.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './security/rate-limits.ts';
import type { StartMetrics, StartTwoFactor } from './start.ts';
import { decodeMasterKey } from './two-factor/mfa-keys.ts';

const port = z.coerce.number().int().min(0).max(65535);
const origin = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''))
  .refine(
    (value) => new URL(value).origin === value,
    'PUBLIC_ORIGIN must be an origin: scheme, host and port only',
  );

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');
/** A limit per minute (or a count); tests and benchmarks raise them. */
const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

export const envSchema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The OAuth issuer. Defaults to http://localhost:<the port actually listened on>. */
    PUBLIC_ORIGIN: origin.optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DIST_DIR: z.string().min(1).default('./dist'),
    /** One line per request: `true` as text, `json` as one JSON object with the ray id (docs/deployment.md). */
    LOG_REQUESTS: z
      .enum(['true', 'false', '1', '0', 'json'])
      .default('false')
      .transform(
        (value): RequestLogFormat =>
          value === 'json' ? 'json' : value === 'true' || value === '1' ? 'text' : 'off',
      ),
    // OpenTelemetry traces (docs/operations.md "Traces"): the SDK reads every OTEL_* variable itself; these
    // few decide whether it is loaded at all (tracesEnabled), and are checked here so a typo fails the start.
    OTEL_SDK_DISABLED: z.string().optional(),
    OTEL_TRACES_EXPORTER: z
      .string()
      .regex(/^\s*(otlp|console|none)\s*(,\s*(otlp|console|none)\s*)*$/, 'a list of otlp, console or none')
      .optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The demo clients, accounts and authenticator secret (README "Try it"): on by default on PGlite, off
     * with DATABASE_URL, refused under NODE_ENV=production.
     */
    SEED_DEMO: z.enum(['on', 'off']).optional(),
    /** Read the client IP from X-Forwarded-For: only behind a proxy that appends it. */
    TRUST_PROXY: flag,
    // Prometheus metrics (docs/operations.md): neither set, no /metrics anywhere and prom-client never loads.
    /** A second listener serving only GET /metrics, never the public port. */
    METRICS_PORT: port.optional(),
    /** Where METRICS_PORT listens; default HOST. */
    METRICS_HOST: z.string().min(1).optional(),
    /** GET /metrics on the public port (and METRICS_PORT) needs `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 printable characters without spaces')
      .optional(),
    /** Comma-separated device fingerprints that login-info refuses (IOVATION_BLACKLISTED). */
    FINGERPRINT_DENY_LIST: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    RATE_LIMIT_LOGIN_PER_IP: limit(DEFAULT_RATE_LIMITS.loginPerIpPerMinute),
    RATE_LIMIT_LOGIN_PER_IDENTIFIER: limit(DEFAULT_RATE_LIMITS.loginPerIdentifierPerMinute),
    RATE_LIMIT_TOKEN_PER_IP: limit(DEFAULT_RATE_LIMITS.tokenPerIpPerMinute),
    RATE_LIMIT_TWO_FACTOR_PER_IP: limit(DEFAULT_RATE_LIMITS.twoFactorPerIpPerMinute),
    RATE_LIMIT_ACCOUNT_PER_IP: limit(DEFAULT_RATE_LIMITS.accountPerIpPerMinute),
    LOCKOUT_FAILURES: limit(DEFAULT_RATE_LIMITS.lockoutFailures),
    LOCKOUT_MINUTES: limit(DEFAULT_RATE_LIMITS.lockoutMinutes),
    // Two-factor (docs/two-factor.md).
    /** `production` turns the development outbox page off (unless DEV_OUTBOX=on). */
    NODE_ENV: z.string().optional(),
    DEV_OUTBOX: z.enum(['on', 'off']).optional(),
    TRUSTED_DEVICE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    MFA_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    MFA_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
    /** Base64 of 32 bytes; without it a key file is made in DATA_DIR. Never echoed in an error. */
    MFA_ENCRYPTION_KEY: z
      .string()
      .refine((value) => decodeMasterKey(value) !== undefined, 'must be base64 of exactly 32 bytes')
      .optional(),
    // Signing keys sealed at rest (docs/key-management.md): `id:base64,id:base64`, newest first.
    KEY_ENCRYPTION_KEY: z.string().transform(kekRingSetting).optional(),
    /** A file holding the same (one entry a line allowed), e.g. a mounted secret. */
    KEY_ENCRYPTION_KEY_FILE: z.string().min(1).transform(kekRingFile).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).max(254).default(DEFAULT_MAIL_FROM),
    SMS_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_PROVIDER_TOKEN: z.string().optional(),
    VOICE_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    VOICE_PROVIDER_TOKEN: z.string().optional(),
    // Password and account lifecycle (docs/passwords.md "Server").
    RESET_LINK_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(1440)
      .default(DEFAULT_ACCOUNT_SETTINGS.resetLinkMinutes),
    EXPRESS_LINK_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60)
      .default(DEFAULT_ACCOUNT_SETTINGS.expressLinkMinutes),
    PASSWORD_HISTORY: z.coerce
      .number()
      .int()
      .min(0)
      .max(24)
      .default(DEFAULT_ACCOUNT_SETTINGS.passwordHistory),
  })
  .superRefine((env, context) => {
    if (env.KEY_ENCRYPTION_KEY !== undefined && env.KEY_ENCRYPTION_KEY_FILE !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['KEY_ENCRYPTION_KEY_FILE'],
        message: 'set KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE, not both',
      });
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
      context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    if (env.NODE_ENV !== 'production') return;
    // A production server must never carry the demo's known passwords and secret, must share one key for
    // authenticator secrets across its processes, and must be reached over TLS (Secure cookies, issuer).
    if (env.SEED_DEMO === 'on')
      context.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'the demo data is refused under NODE_ENV=production',
      });
    if (env.MFA_ENCRYPTION_KEY === undefined)
      context.addIssue({
        code: 'custom',
        path: ['MFA_ENCRYPTION_KEY'],
        message: 'is required under NODE_ENV=production',
      });
    if (env.KEY_ENCRYPTION_KEY === undefined && env.KEY_ENCRYPTION_KEY_FILE === undefined)
      context.addIssue({
        code: 'custom',
        path: ['KEY_ENCRYPTION_KEY'],
        message:
          'is required under NODE_ENV=production (or KEY_ENCRYPTION_KEY_FILE): it seals the signing keys, docs/key-management.md',
      });
    if (env.PUBLIC_ORIGIN === undefined || !env.PUBLIC_ORIGIN.startsWith('https://'))
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'must be an https origin under NODE_ENV=production',
      });
  });

export type Env = z.infer<typeof envSchema>;

/**
 * Traces are off by default, unlike the OpenTelemetry specification's default exporter (otlp): on when
 * OTEL_TRACES_EXPORTER names an exporter or an OTLP endpoint is set, and never with OTEL_SDK_DISABLED=true.
 */
export function tracesEnabled(env: Env): boolean {
  // The specification's boolean: only `true`, in any case, is true.
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  // As the SDK reads the list: `none` anywhere in it means no exporter.
  if (env.OTEL_TRACES_EXPORTER !== undefined)
    return !env.OTEL_TRACES_EXPORTER.split(',').some((name) => name.trim() === 'none');
  return (
    env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined
  );
}

/** Whether this start writes the demo data: SEED_DEMO, else on for PGlite and off for PostgreSQL. */
export const seedsDemo = (env: Env) => (env.SEED_DEMO ?? (env.DATABASE_URL ? 'off' : 'on')) === 'on';

export function rateLimitsFrom(env: Env): RateLimits {
  return {
    loginPerIpPerMinute: env.RATE_LIMIT_LOGIN_PER_IP,
    loginPerIdentifierPerMinute: env.RATE_LIMIT_LOGIN_PER_IDENTIFIER,
    tokenPerIpPerMinute: env.RATE_LIMIT_TOKEN_PER_IP,
    twoFactorPerIpPerMinute: env.RATE_LIMIT_TWO_FACTOR_PER_IP,
    accountPerIpPerMinute: env.RATE_LIMIT_ACCOUNT_PER_IP,
    lockoutFailures: env.LOCKOUT_FAILURES,
    lockoutMinutes: env.LOCKOUT_MINUTES,
  };
}

/** Two-factor settings, delivery adapters and outbox (the key itself is loaded by startServer). */
export function twoFactorFrom(env: Env): StartTwoFactor {
  return {
    settings: {
      trustedDeviceDays: env.TRUSTED_DEVICE_DAYS,
      resendAfterSeconds: env.MFA_RESEND_SECONDS,
      codeTtlSeconds: env.MFA_CODE_TTL_SECONDS,
    },
    delivery: {
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      smsProviderUrl: env.SMS_PROVIDER_URL,
      smsProviderToken: env.SMS_PROVIDER_TOKEN,
      voiceProviderUrl: env.VOICE_PROVIDER_URL,
      voiceProviderToken: env.VOICE_PROVIDER_TOKEN,
    },
    devOutbox: env.DEV_OUTBOX === undefined ? env.NODE_ENV !== 'production' : env.DEV_OUTBOX === 'on',
    ...(env.MFA_ENCRYPTION_KEY ? { encryptionKey: env.MFA_ENCRYPTION_KEY } : {}),
  };
}

/** Link lifetimes and the password history (docs/passwords.md "Server"). */
export function accountFrom(env: Env): AccountSettings {
  return {
    resetLinkMinutes: env.RESET_LINK_TTL_MINUTES,
    expressLinkMinutes: env.EXPRESS_LINK_TTL_MINUTES,
    passwordHistory: env.PASSWORD_HISTORY,
  };
}

/** The key-encryption keys the settings give, newest first; undefined in development without them. */
export const kekRingFrom = (env: Env): KekRing | undefined =>
  env.KEY_ENCRYPTION_KEY ?? env.KEY_ENCRYPTION_KEY_FILE;

function kekRingSetting(value: string, context: z.RefinementCtx): KekRing {
  const parsed = parseKekRing(value);
  if ('ring' in parsed) return parsed.ring;
  context.addIssue({ code: 'custom', message: `${parsed.error} (docs/key-management.md)` });
  return z.NEVER;
}

function kekRingFile(path: string, context: z.RefinementCtx): KekRing {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `cannot read ${path} (${(error as NodeJS.ErrnoException).code})`,
    });
    return z.NEVER;
  }
  return kekRingSetting(text, context);
}

/** METRICS_PORT, METRICS_HOST and METRICS_TOKEN; undefined (no metrics at all) when neither port nor token is set. */
export function metricsFrom(env: Env): StartMetrics | undefined {
  if (env.METRICS_PORT === undefined && env.METRICS_TOKEN === undefined) return undefined;
  return { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST, token: env.METRICS_TOKEN };
}

/** Parses the environment; on failure prints which variables are wrong and exits with status 1. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    .join('\n');
  console.error(`Invalid environment:\n${problems}`);
  process.exit(1);
}
