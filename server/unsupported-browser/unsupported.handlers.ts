import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { signInAddress } from './sign-in-address.ts';
import { unsupportedBrowserPage } from './unsupported.page.ts';

const stylesheet = readFileSync(new URL('./notice.css', import.meta.url), 'utf8');

/**
 * The notice a browser without what the app needs is sent to (public/browser-check.js) and the
 * `<noscript>` of index.html links to: server-rendered, so it shows where the app's scripts cannot run
 * (docs/notices.md "Unsupported browser"). A `from` that is not one of this server's paths is ignored.
 */
export function unsupportedBrowserRoutes(publicOrigin: string) {
  return new Hono()
    .get('/', (c) => c.html(unsupportedBrowserPage(signInAddress(c.req.query('from'), publicOrigin))))
    .get('/notice.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
