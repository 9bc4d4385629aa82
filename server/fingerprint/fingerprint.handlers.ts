import { readFileSync } from 'node:fs';
import { Hono } from 'hono';

/** The path brand config names as the loader script of brands with iovation enabled. */
export const FINGERPRINT_LOADER_PATH = '/fingerprint/loader.js';

const loader = readFileSync(new URL('./loader.js', import.meta.url), 'utf8');

/** Same-origin, so the SPA's CSP (script-src 'self') admits it without exceptions. */
export function fingerprintRoutes() {
  return new Hono().get('/loader.js', (c) =>
    c.body(loader, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
}
