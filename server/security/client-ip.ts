import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What in-process requests (app.request in tests) count as: they have no socket. */
export const NO_SOCKET_ADDRESS = 'no-socket';

/**
 * The address rate limits count against. Behind a proxy (trustProxy) it is the last X-Forwarded-For
 * entry: the one our proxy appended; earlier entries are whatever the client chose to send. Without
 * trustProxy the header is ignored, since anyone can send it, and the socket's peer counts.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socketAddress(c) ?? NO_SOCKET_ADDRESS;
}

function socketAddress(c: Context): string | undefined {
  // getConnInfo reads c.env.incoming, which only the Node adaptor provides.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return undefined;
  return getConnInfo(c).remote.address;
}
