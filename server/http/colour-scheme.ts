import { html } from 'hono/html';

/** A colour scheme a request chose; none means the browser's (docs/colour-schemes.md "Server pages"). */
export type ColourScheme = 'light' | 'dark';

/**
 * The scheme a `theme` value (the SPA's start-up parameter) chooses for a server-rendered page. Only
 * exactly `light` or `dark` choose one: `auto`, a brand theme id, any other text or none leave it to the
 * browser's prefers-color-scheme, which is what each page's style sheet follows by default.
 */
export const colourScheme = (theme: unknown): ColourScheme | undefined =>
  theme === 'light' || theme === 'dark' ? theme : undefined;

/** ` data-scheme="dark"` (or light) for a page's `<html>` when a scheme was chosen, else nothing. */
export const schemeAttribute = (scheme: ColourScheme | undefined) =>
  scheme ? html` data-scheme="${scheme}"` : '';

/** `path` with `theme=` added when a scheme was chosen, so the page it links to keeps it. */
export function withScheme(path: string, scheme: ColourScheme | undefined): string {
  if (!scheme) return path;
  return `${path}${path.includes('?') ? '&' : '?'}theme=${scheme}`;
}
