import * as z from 'zod/mini';
import { assetIdSchema } from '../../api/contract/brand-assets.ts';
import { brandIdSchema } from '../../api/contract/config.ts';
import { DEMO_NOTES_APP, DEMO_PARTNER_APP, DEMO_RETIRED_APP } from '../../server/demo-app/demo.apps.ts';
import { DEMO_ROOM_APP } from '../../server/demo-room/room.app.ts';
import type { Endpoint, Input, ReplyFormat } from './endpoint.ts';
import { parameterText, wellFormed } from './wire.ts';
import type { AnySchema } from './zodArbitrary.ts';

/** Health, assets, the demo apps, the development outbox, the browser notice and the built SPA. */

const maybe = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const endpoint = (method: string, path: string, input: Input, replies: ReplyFormat): Endpoint => ({
  method,
  path,
  input,
  replies,
});
const query = (schema: AnySchema): Input => ({ kind: 'query', schema });
const none: Input = { kind: 'none' };
const form = (schema: AnySchema): Input => ({ kind: 'form', schema });
/** Path parts travel percent-encoded; toWellFormed because a lone surrogate cannot be encoded. */
const part = (value: unknown) => encodeURIComponent(wellFormed(parameterText(value)));

/** server/brand-assets/brand-assets.handlers.ts: an asset id and `base.json` or `{locale}.json`. */
const brandAsset: Input = {
  kind: 'path',
  schema: z.object({
    assetId: assetIdSchema,
    file: z.string().check(z.regex(/^(base|[a-z]{2,3}(-[A-Z0-9]{2,3})?)\.json$/)),
  }),
  build: (value) => `/brand-assets/${part(value.assetId)}/${part(value.file)}`,
};

/** The built SPA (server/static/static.handlers.ts): any path, traversal attempts included. */
const staticFile: Input = {
  kind: 'path',
  schema: z.object({ file: z.string().check(z.regex(/^([A-Za-z0-9_-]{1,12}\/){0,2}[A-Za-z0-9_.-]{0,16}$/)) }),
  build: (value) =>
    `/${parameterText(value.file)
      .split('/')
      .map((segment) => part(segment))
      .join('/')}`,
};

/** server/demo-app/demo.handlers.ts: loginQuery, and what an authorisation response carries back. */
const demoLoginQuery = z.object({
  brand_id: z.optional(brandIdSchema),
  prompt: z.optional(z.literal('login')),
  theme: z.optional(z.enum(['auto', 'light', 'dark'])),
});
/** server/http/colour-scheme.ts: a page's `theme` (only light and dark choose a scheme). */
const schemeQuery = z.object({ theme: maybe(64) });
const demoCallbackQuery = z.object({
  code: maybe(256),
  state: maybe(256),
  iss: maybe(256),
  error: maybe(64),
  error_description: maybe(256),
});
const demoSignedOutQuery = z.object({ state: maybe(256) });
const demoLogoutForm = z.object({ logout_token: z.optional(z.string().check(z.maxLength(8192))) });

const demoApp = (base: string): Endpoint[] => [
  endpoint('GET', base, query(schemeQuery), 'html'),
  endpoint('GET', `${base}/demo.css`, none, 'text'),
  endpoint('GET', `${base}/login`, query(demoLoginQuery), 'html'),
  endpoint('GET', `${base}/callback`, query(demoCallbackQuery), 'html'),
  endpoint('POST', `${base}/refresh`, none, 'html'),
  endpoint('POST', `${base}/revoke`, none, 'html'),
  endpoint('POST', `${base}/logout`, none, 'html'),
  endpoint('GET', `${base}/signed-out`, query(demoSignedOutQuery), 'html'),
  // Back-Channel Logout 1.0 §2.5: a form with one logout token; a bad one is 400 invalid_request.
  endpoint('POST', `${base}/backchannel-logout`, form(demoLogoutForm), 'html'),
];

/**
 * GET /metrics (server/observability/metrics-http.ts): on the public port behind METRICS_TOKEN, as the fuzz
 * app has it, and alone on METRICS_PORT's listener (routes.ts METRICS_PORT_ENDPOINTS). A refusal is a
 * bare 401 with a Bearer challenge.
 */
export const metricsEndpoint: Endpoint = {
  ...endpoint('GET', '/metrics', none, 'bearer'),
  authorization: 'metrics',
};

const room = DEMO_ROOM_APP.basePath;
const outboxQuery = z.object({ to: maybe(300) });
const outboxPageQuery = z.object({ to: maybe(300), theme: maybe(64) });

export const pageEndpoints: Endpoint[] = [
  endpoint('ALL', '/*', { kind: 'middleware', guards: 'every route (security headers, CSRF)' }, 'text'),
  endpoint('GET', '/healthz', none, 'text'),
  metricsEndpoint,
  endpoint('GET', '/readyz', none, 'text'),
  endpoint('GET', '/brand-assets/:assetId/:file', brandAsset, 'text'),
  endpoint('GET', '/fingerprint/loader.js', none, 'text'),
  ...[DEMO_PARTNER_APP, DEMO_NOTES_APP, DEMO_RETIRED_APP].flatMap((app) => demoApp(app.basePath)),
  endpoint('GET', room, query(schemeQuery), 'html'),
  endpoint('GET', `${room}/demo.css`, none, 'text'),
  endpoint('POST', `${room}/start`, query(schemeQuery), 'html'),
  endpoint('GET', `${room}/room`, none, 'html'),
  endpoint('ALL', '/dev/outbox', { kind: 'middleware', guards: 'GET /dev/outbox (no-store)' }, 'html'),
  endpoint(
    'ALL',
    '/dev/outbox.json',
    { kind: 'middleware', guards: 'GET /dev/outbox.json (no-store)' },
    'text',
  ),
  endpoint('GET', '/dev/outbox', query(outboxPageQuery), 'html'),
  endpoint('GET', '/dev/outbox.json', query(outboxQuery), 'text'),
  endpoint('GET', '/dev/outbox.css', none, 'text'),
  endpoint('GET', '/unsupported-browser', query(z.object({ from: maybe(4096), theme: maybe(64) })), 'html'),
  endpoint('GET', '/unsupported-browser/notice.css', none, 'text'),
  // The calls described (server/openapi): never a 4xx of their own.
  endpoint('GET', '/api/openapi.json', none, 'api'),
  endpoint('GET', '/api/reference', query(z.object({ theme: maybe(64) })), 'html'),
  endpoint('GET', '/api/reference.css', none, 'text'),
  endpoint('GET', '/*', staticFile, 'text'),
];
