import * as z from 'zod/mini';
import { isSafeUrl } from '../url.ts';
import { appUrlSchemeSchema, codeChallengeSchema } from './authorisation.ts';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { isKnownLocale } from './locales.ts';

/** ui_options tokens (spec §2); unknown tokens are ignored. */
export const uiOptionTokens = [
  'hide_consent',
  'hide_logo',
  'hide_tos',
  'hide_remember_me',
  'remember_me_on',
  'external_popup',
  'skip_login_id_page',
  'show_back_to_app',
  'kerberos',
  'hide_sso',
  'hide_google_id',
  'hide_apple_id',
] as const;
export type UiOption = (typeof uiOptionTokens)[number];

const isUiOption = (token: string): token is UiOption =>
  (uiOptionTokens as readonly string[]).includes(token);
const promptTokens = ['login', 'sso', 'consent', 'select_account'] as const;
const isPromptToken = (token: string): token is (typeof promptTokens)[number] =>
  (promptTokens as readonly string[]).includes(token);
const text = (max: number) => z.string().check(z.maxLength(max));
/** A web page to send the user to: https (http only on this machine), never javascript:/data:/vbscript:. */
export function isWebAddress(value: string): boolean {
  if (!isSafeUrl(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}
const webAddress = z.string().check(z.maxLength(2048), z.refine(isWebAddress, 'must be an https address'));
const flagText = z.enum(['true', '1', 'false', '0']);
const flag = z.pipe(
  flagText,
  z.transform((value) => value === 'true' || value === '1'),
);
const tokens = <T extends string>(max: number, keep: (token: string) => token is T) =>
  z.pipe(
    z.optional(text(max)),
    z.transform((value) => (value ?? '').split(/[\s,]+/).filter(keep)),
  );

/**
 * The query parameters the SPA reads from its address (spec §2). /oauth/authorize produces them;
 * a partner may also link to the SPA with them directly. Parsed once at start-up; unknown
 * parameters are ignored, bad values refused.
 */
export const startupParamsSchema = z.object({
  clientId: clientIdSchema,
  appUrlScheme: z.optional(appUrlSchemeSchema),
  /** The platform's locale id; one the product does not know is as if absent (i18n/locales.ts). */
  localeId: z.pipe(
    z.optional(text(16)),
    z.transform((value) => (value !== undefined && isKnownLocale(value) ? value : undefined)),
  ),
  /** OIDC's ui_locales: space-separated BCP 47 tags, best first; it wins over localeId. */
  ui_locales: z.pipe(
    z.optional(text(256)),
    z.transform((value) =>
      (value ?? '')
        .split(/\s+/)
        .filter((tag) => tag !== '')
        .slice(0, 16),
    ),
  ),
  responseType: z._default(z.enum(['code']), 'code'),
  ui_options: tokens(512, isUiOption),
  /** Spec §2 prompt values, plus OAuth's consent and select_account forwarded by /oauth/authorize. */
  prompt: tokens(64, isPromptToken),
  credentialType: z.optional(text(32)),
  scope: z.optional(text(1024)),
  state: z.optional(text(1024)),
  response_hint: z.optional(text(256)),
  title_bar: z._default(flag, false),
  show_sub_title: z.optional(text(128)),
  appName: z.optional(text(256)),
  force: z._default(flag, false),
  display: z.optional(z.enum(['page', 'popup', 'touch', 'mobile'])),
  login_hint: z.optional(text(254)),
  theme: z.optional(text(64)),
  external_browser: z.optional(flag),
  loginAutomation: z.optional(text(8)),
  /** The launch-app page's 'Get the app' link (our reading, docs/architecture.md). */
  targetUrl: z.optional(webAddress),
  /** The launch-app page's 'Continue in your browser' link. */
  fallbackUrl: z.optional(webAddress),
  noActionOnFail: z.optional(flag),
  appParams: z.optional(text(2048)),
  entryLocation: z.optional(text(256)),
  rdr: z.optional(text(2048)),
  discovery: z._default(flag, false),
  brandId: z.optional(brandIdSchema),
  errorCode: z.optional(
    z.string().check(z.regex(/^[A-Z0-9_]{1,64}(\/[A-Z0-9_]{1,64}){0,3}$/, 'errorCode must be an error code')),
  ),
  /** PKCE challenge forwarded by /oauth/authorize to generate-code. */
  codeChallenge: z.optional(codeChallengeSchema),
  codeChallengeMethod: z.optional(z.literal('S256')),
});
export type StartupParams = z.infer<typeof startupParamsSchema>;
export type StartupQuery = z.input<typeof startupParamsSchema>;
