import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './security/rate-limits.ts';

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

export const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The OAuth issuer. Defaults to http://localhost:<the port actually listened on>. */
  PUBLIC_ORIGIN: origin.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  LOG_REQUESTS: flag,
  /** Read the client IP from X-Forwarded-For: only behind a proxy that appends it. */
  TRUST_PROXY: flag,
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
  LOCKOUT_FAILURES: limit(DEFAULT_RATE_LIMITS.lockoutFailures),
  LOCKOUT_MINUTES: limit(DEFAULT_RATE_LIMITS.lockoutMinutes),
});

export type Env = z.infer<typeof envSchema>;

export function rateLimitsFrom(env: Env): RateLimits {
  return {
    loginPerIpPerMinute: env.RATE_LIMIT_LOGIN_PER_IP,
    loginPerIdentifierPerMinute: env.RATE_LIMIT_LOGIN_PER_IDENTIFIER,
    tokenPerIpPerMinute: env.RATE_LIMIT_TOKEN_PER_IP,
    lockoutFailures: env.LOCKOUT_FAILURES,
    lockoutMinutes: env.LOCKOUT_MINUTES,
  };
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
