import { REAL_LOCALES } from '../api/contract/locales.ts';
import { startupParamsSchema, type UiOption } from '../api/contract/startup.ts';
import { type Credential, parseCredential } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import { type LocaleRequest, pageLocale } from '../i18n/locales.ts';
import type { MessageLookup } from './errors.ts';
import { type Route, routeFor } from './routes.ts';
import type { SignInContext } from './signIn.types.ts';

export const DEFAULT_BRAND_ID = '1210';

/** A credential typed by nobody on this page (a login hint, a saved login id, a picker row), if it parses. */
export function credentialOf(text: string | undefined): Partial<SignInContext> {
  const result = parseCredential(text ?? '');
  return result.ok ? { credential: result.credential, credentialText: text ?? '' } : {};
}

/** Spec §4 Start: force (true or 1, or prompt=login, max_age at the server) shows the first screen. */
export const isForcedStart = (context: Pick<SignInContext, 'params'>) =>
  context.params?.force === true || context.params?.prompt.includes('login') === true;

/**
 * The locale in force (i18n/locales.ts pageLocale): the address's ui_locales or localeId, else the
 * browser's languages, among the brand's locales; before the brand's list arrives, among all the
 * product's, so the start-up spinner's catalogue is the one the page keeps whenever the brand offers it.
 */
export function effectiveLocale(context: Pick<SignInContext, 'locales' | 'localeRequest'>): string {
  return pageLocale({
    ...context.localeRequest,
    offered: context.locales?.supportedLocaleCodes ?? REAL_LOCALES,
  });
}

/**
 * What the page asks for, read from the address when the machine starts (before start-up has parsed
 * the rest of it), so the first catalogue fetched is already the page's own. The start-up schema's
 * own fields parse it: an unknown or malformed value is as if absent.
 */
export function localeRequestFrom(search: string, browserLanguages: readonly string[]): LocaleRequest {
  const query = new URLSearchParams(search);
  const { localeId, ui_locales } = startupParamsSchema.shape;
  return {
    uiLocales: ui_locales.safeParse(query.get('ui_locales') ?? undefined).data ?? [],
    localeId: localeId.safeParse(query.get('localeId') ?? undefined).data,
    browserLanguages,
  };
}

/**
 * The query once the user has chosen a locale: it names the choice and drops ui_locales, which would
 * outrank it, so a reload or a later start-up (Back to sign in) keeps the language.
 */
export function searchWithLocale(search: string, localeId: string): string {
  const query = new URLSearchParams(search);
  query.set('localeId', localeId);
  query.delete('ui_locales');
  return `?${query}`;
}

export const brandIdOf = (context: Pick<SignInContext, 'brandConfig' | 'params'>) =>
  context.brandConfig?.brandId ?? context.params?.brandId ?? DEFAULT_BRAND_ID;
/** The brand offers passkeys and the browser can use them (docs/passkeys.md). */
export const arePasskeysUsable = (context: Pick<SignInContext, 'passkeyCapable' | 'brandConfig'>) =>
  context.passkeyCapable && context.brandConfig?.passkeys === true;

export const hasOption = (context: Pick<SignInContext, 'params'>, option: UiOption) =>
  context.params?.ui_options.includes(option) ?? false;

/** A failed call means no connection when the network failed, or a reply was unreadable while the browser is offline. */
export function isConnectionProblem(code: string): boolean {
  return (
    code === 'UI_ERROR_NETWORK' || (code === 'UI_ERROR_BAD_REPLY' && globalThis.navigator?.onLine === false)
  );
}

/** Whether a route names the password page of this credential. */
export function sameCredential(route: Route, credential: Credential | undefined): boolean {
  if (route.name !== 'enterPassword' || !credential) return false;
  const built = routeFor('enterPassword', { credential, failure: undefined });
  return (
    built?.name === 'enterPassword' && built.kind === route.kind && built.credential === route.credential
  );
}

/** Spec §8 INVALID_SESSION_TOKEN: outside the code request (which has its own table) the session expired. */
export const isSessionExpiry = (error: ApiError) =>
  error.backendCode === 221 || error.backendCode === 222 || error.backendCode === 227;

/** How the error catalogue words a message here (spec §8): this flow's scenario, the display and the brand. */
export const messageLookupOf = (context: SignInContext): MessageLookup => ({
  scenario: 'Default',
  display: context.params?.display,
  brandId: brandIdOf(context),
  platformSession: context.brandConfig?.platformSession,
  sessionId: context.sessionId,
});
