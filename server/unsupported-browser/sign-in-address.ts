import * as z from 'zod/mini';

/** Below U+0020 or DEL: the URL parser drops tabs and line breaks, so `/\t/host` would be `//host`. */
const hasControlCharacter = (value: string) =>
  [...value].some((character) => character < ' ' || character === '\u007f');

/**
 * `?from=` of the unsupported-browser notice: the address the browser was on (path, query and the
 * hash route, as public/browser-check.js sends it). Only a path on this server is taken — an absolute
 * URL, a scheme-relative `//host`, a backslash or a control character is not a sign-in address, and the
 * notice then shows none. The hash is kept: an emailed link's token travels there
 * (`/?…#/createPassword/{token}`), and the query is never logged (server/http/logger.ts).
 */
const fromSchema = z.string().check(
  z.minLength(1),
  z.maxLength(4096),
  z.regex(/^\/(?![/\\])/, 'must be a path on this server'),
  z.refine((value) => !value.includes('\\') && !hasControlCharacter(value), 'must be a plain path'),
);

/** The full address to open in another browser, or undefined when `from` is not one of this server's paths. */
export function signInAddress(from: unknown, publicOrigin: string): string | undefined {
  const parsed = fromSchema.safeParse(from);
  if (!parsed.success) return undefined;
  const origin = new URL(publicOrigin).origin;
  const address = new URL(parsed.data, origin);
  return address.origin === origin ? address.href : undefined;
}
