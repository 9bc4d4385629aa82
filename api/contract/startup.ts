import { z } from 'zod';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { appUrlSchemeSchema } from './authorisation.ts';

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

const isUiOption = (token: string): token is UiOption => (uiOptionTokens as readonly string[]).includes(token);
const flag = z.enum(['true', '1', 'false', '0']).transform((value) => value === 'true' || value === '1');
const text = (max: number) => z.string().max(max);
/** Locale ids the product knows (spec §3); anything else falls back to the default. */
export const knownLocales = [
  'en_CA', 'en_GB', 'en_US', 'en_AU', 'fr_CA', 'fr_FR', 'de_DE', 'ru', 'zh_CN', 'zh_TW', 'zh_HK', 'es_ES',
  'es_419', 'it_IT', 'pt_BR', 'pt_PT', 'ja_JP', 'nl_NL', 'ko_KR', 'fi_FI', 'pl_PL', 'ro_RO', 'sv_SE', 'en_ZZ', 'rc_XX',
] as const;
export const DEFAULT_LOCALE = 'en_US';

/**
 * The query parameters the SPA reads from its address (spec §2). /oauth/authorize produces them;
 * a partner may also link to the SPA with them directly. Parsed once at start-up.
 */
export const startupParamsSchema = z.object({
  clientId: clientIdSchema,
  appUrlScheme: appUrlSchemeSchema.optional(),
  localeId: z
    .string()
    .optional()
    .transform((value) => ((knownLocales as readonly string[]).includes(value ?? '') ? (value as string) : DEFAULT_LOCALE)),
  responseType: z.enum(['code']).default('code'),
  ui_options: text(512)
    .optional()
    .transform((value) => (value ?? '').split(/[\s,]+/).filter(isUiOption)),
  prompt: text(64)
    .optional()
    .transform((value) => (value ?? '').split(/\s+/).filter((token) => token === 'login' || token === 'sso')),
  credentialType: text(32).optional(),
  scope: text(1024).optional(),
  state: text(1024).optional(),
  response_hint: text(256).optional(),
  title_bar: flag.default(false),
  show_sub_title: text(128).optional(),
  appName: text(256).optional(),
  force: flag.default(false),
  display: text(32).optional(),
  login_hint: text(254).optional(),
  theme: text(64).optional(),
  external_browser: flag.optional(),
  loginAutomation: text(8).optional(),
  targetUrl: text(2048).optional(),
  fallbackUrl: text(2048).optional(),
  noActionOnFail: flag.optional(),
  appParams: text(2048).optional(),
  entryLocation: text(256).optional(),
  rdr: text(2048).optional(),
  discovery: flag.default(false),
  brandId: brandIdSchema.optional(),
  errorCode: z
    .string()
    .regex(/^[A-Z0-9_]{1,64}(\/[A-Z0-9_]{1,64}){0,3}$/, 'errorCode must be an error code')
    .optional(),
  /** PKCE challenge forwarded by /oauth/authorize to generate-code. */
  codeChallenge: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/).optional(),
  codeChallengeMethod: z.literal('S256').optional(),
});
export type StartupParams = z.infer<typeof startupParamsSchema>;
export type StartupQuery = z.input<typeof startupParamsSchema>;
