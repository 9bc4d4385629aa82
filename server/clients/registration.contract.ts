import { z } from 'zod';
import { brandIdSchema } from '../../api/contract/config.ts';
import { ID_TOKEN_ALGS, TOKEN_ENDPOINT_AUTH_METHODS } from '../db/schema.ts';

// What an operator may register (`npm run clients`, registration.service.ts). Field names follow the
// service; FLAGS maps them back to the command line's for error messages.

/** Where the rules differ: back-channel and key addresses may be plain http on this machine only outside production. */
export interface RegistrationRules {
  production: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** RFC 8252 §7.1: a native app's private-use scheme is a reversed domain name, so it holds a dot. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

function urlOf(value: string): URL | undefined {
  return URL.canParse(value) ? new URL(value) : undefined;
}

/**
 * Redirect and post-logout URIs, in every environment: https; http only on a loopback host (RFC 8252
 * §7.3, native apps and local development); or a native app's private-use scheme. Never a fragment
 * (RFC 6749 §3.1.2), user info, or a script-running scheme.
 */
export function redirectUriProblem(value: string): string | undefined {
  const url = urlOf(value);
  if (!url) return 'must be an absolute URI';
  if (value.includes('#')) return 'must not contain a fragment (#)';
  if (url.username || url.password) return 'must not contain user info';
  if (REFUSED_SCHEMES.has(url.protocol)) return `must not use the ${url.protocol} scheme`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'may use http only on 127.0.0.1, [::1] or localhost';
  return PRIVATE_USE_SCHEME.test(url.protocol)
    ? undefined
    : 'must be https, http on a loopback host, or a private-use scheme such as com.example.app:/callback';
}

/** Addresses this server calls (back-channel logout, jwks_uri): https, or http on this machine outside production. */
export function serverUriProblem(value: string, rules: RegistrationRules): string | undefined {
  const url = urlOf(value);
  if (!url) return 'must be an absolute URI';
  if (value.includes('#')) return 'must not contain a fragment (#)';
  if (url.username || url.password) return 'must not contain user info';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && !rules.production && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return rules.production ? 'must be https' : 'must be https (or http on a loopback host outside production)';
}

const checked = (problem: (value: string) => string | undefined) =>
  z
    .string()
    .max(2048)
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', message: `${found}: ${value.slice(0, 200)}` });
    });

/** RFC 6749 §3.3 scope-token. */
const scopeToken = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,64}$/, 'is not a valid scope token');

/** Everything `set` may change; `add` needs a name and a redirect URI besides. */
export function clientSettingsSchema(rules: RegistrationRules) {
  return z.object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    redirectUris: z.array(checked(redirectUriProblem)).min(1, 'at least one is required').max(20),
    postLogoutRedirectUris: z.array(checked(redirectUriProblem)).max(20),
    firstParty: z.boolean(),
    brandId: z.nullable(brandIdSchema),
    /** Empty string clears it. */
    backchannelLogoutUri: checked((value) => serverUriProblem(value, rules)).nullable(),
    jwksUri: checked((value) => serverUriProblem(value, rules)).nullable(),
    authMethod: z.enum(TOKEN_ENDPOINT_AUTH_METHODS),
    idTokenAlg: z.enum(ID_TOKEN_ALGS),
    scopes: z.array(scopeToken).max(50),
    requirePkce: z.boolean(),
  });
}
export type ClientSettings = z.infer<ReturnType<typeof clientSettingsSchema>>;

/** What `add` takes: a name and redirect URIs; the rest have defaults. */
export interface Registration extends Partial<ClientSettings> {
  name: string;
  redirectUris: string[];
  /** A confidential client (client_secret_basic unless authMethod says otherwise). */
  confidential?: boolean;
}

/** The command-line flag for each field, so an error names what the operator typed. */
export const FLAGS: Record<keyof ClientSettings | 'confidential', string> = {
  name: '--name',
  redirectUris: '--redirect-uri',
  postLogoutRedirectUris: '--post-logout-uri',
  firstParty: '--first-party',
  brandId: '--brand',
  backchannelLogoutUri: '--backchannel-logout-uri',
  jwksUri: '--jwks-uri',
  authMethod: '--auth-method',
  idTokenAlg: '--id-token-alg',
  scopes: '--scope',
  requirePkce: '--no-require-pkce',
  confidential: '--confidential',
};

/** An operator's mistake: the CLI prints it and exits with 2. */
export class RegistrationError extends Error {
  override name = 'RegistrationError';
}

/** The first three problems, each named by its flag; never more of a value than 200 characters. */
export function describeSettingsIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const [field, index] = issue.path;
      const flag = FLAGS[field as keyof typeof FLAGS] ?? String(field);
      return `${flag}${typeof index === 'number' ? ` #${index + 1}` : ''} ${issue.message}`;
    })
    .join('; ');
}
