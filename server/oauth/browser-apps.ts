import { cors } from 'hono/cors';

/**
 * CORS for the endpoints browser apps call from their own origin (public clients: oidc-client-ts,
 * oauth4webapi in a page). None of them reads a cookie, so any origin may: the app authenticates
 * itself, or presents its bearer token.
 */
export const forBrowserApps = (allowMethods: string[]) =>
  cors({
    origin: '*',
    allowMethods,
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['WWW-Authenticate', 'Retry-After'],
    maxAge: 600,
  });
