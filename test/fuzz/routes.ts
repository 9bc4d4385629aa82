import type { App } from '../../server/app.ts';
import { type Endpoint, keyOf } from './endpoint.ts';
import { apiEndpoints } from './routes.api.ts';
import { oauthEndpoints } from './routes.oauth.ts';
import { metricsEndpoint, pageEndpoints } from './routes.pages.ts';

/** Every route the app registers, with how it takes input (endpoint.ts). A route missing here fails the test. */
export const ENDPOINTS: readonly Endpoint[] = [...apiEndpoints, ...oauthEndpoints, ...pageEndpoints];

/** The endpoints that get requests of their own: every one but the middleware entries. */
export const FUZZED_ENDPOINTS = ENDPOINTS.filter((endpoint) => endpoint.input.kind !== 'middleware');

/** What METRICS_PORT's listener serves (server/observability/metrics-http.ts scrapeApp), fuzzed on its own. */
export const METRICS_PORT_ENDPOINTS: readonly Endpoint[] = [metricsEndpoint];

/** `METHOD path` of every route and middleware Hono registered, once each, in registration order. */
export function registeredRoutes(app: Pick<App, 'routes'>): string[] {
  return [...new Set(app.routes.map(keyOf))];
}
