import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { colourScheme } from '../http/colour-scheme.ts';
import { requestLocale } from '../i18n/request-locale.ts';
import { serverText } from '../i18n/server-text.ts';
import { signInAddress } from './sign-in-address.ts';
import { unsupportedBrowserPage } from './unsupported.page.ts';

const stylesheet = readFileSync(new URL('./notice.css', import.meta.url), 'utf8');

/**
 * The notice a browser without what the app needs is sent to (public/browser-check.js) and the
 * `<noscript>` of index.html links to: server-rendered, so it shows where the app's scripts cannot run
 * (docs/notices.md "Unsupported browser"), in the language of the address it stands for or else the
 * browser's. A `from` that is not one of this server's paths is ignored. Its colour scheme is the
 * notice's own `theme`, else the address's (the SPA's start-up parameter), else the browser's.
 */
export function unsupportedBrowserRoutes(publicOrigin: string) {
  return new Hono()
    .get('/', (c) => {
      const address = signInAddress(c.req.query('from'), publicOrigin);
      const localeId = requestLocale(address ? new URL(address) : undefined, c.req.header('accept-language'));
      const scheme = colourScheme(
        c.req.query('theme') ?? (address ? new URL(address).searchParams.get('theme') : undefined),
      );
      c.header('Vary', 'Accept-Language');
      return c.html(unsupportedBrowserPage(serverText(localeId), address, scheme));
    })
    .get('/notice.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
