import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { type MetricsRecorder, recordRequest } from './metrics.ts';

/** The route label of a request no route answered: its path may be anything a client typed. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * `foyer_http_request_duration_seconds` by Hono's route template (`/api/login`, `/oauth/authorize`),
 * never the raw path: a path may carry an email, a token or a code. A 404 that only a wildcard caught
 * (the static files, `/api/*`'s catch-all, notFound) is `unmatched`.
 */
export const measureRequests: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    recordRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
  }
};

function routeLabel(c: Context): string {
  // After the handlers ran, the route index points at the one that answered (or the middleware that did).
  const route = routePath(c);
  if (route === '' || (c.res.status === 404 && route.endsWith('*'))) return UNMATCHED_ROUTE;
  return route;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, so the comparison takes the same time whatever the length or content sent. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/** The exposition, or a bare 401 (with its challenge) when `token` is set and not presented. */
async function scrape(c: Context, recorder: MetricsRecorder, token?: string) {
  if (token !== undefined && !bearerMatches(c.req.header('authorization'), token))
    return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  const { contentType, body } = await recorder.scrape();
  return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
}

/** GET /metrics on the public port, behind METRICS_TOKEN. */
export const metricsRoute = (recorder: MetricsRecorder, token: string) =>
  new Hono().get('/metrics', (c) => scrape(c, recorder, token));

/** What the METRICS_PORT listener serves: GET /metrics (behind `token` if set) and a plain 404 besides. */
export function scrapeApp(recorder: MetricsRecorder, token?: string) {
  const app = new Hono().get('/metrics', (c) => scrape(c, recorder, token));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a listener of its own, serving only GET /metrics (with METRICS_TOKEN, if set, as well),
 * so the public port and its proxy never expose it.
 */
export function listenForScrapes(
  recorder: MetricsRecorder,
  options: { port: number; host: string; token?: string | undefined },
): Promise<MetricsListener> {
  const server = createAdaptorServer({ fetch: scrapeApp(recorder, options.token).fetch });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}
