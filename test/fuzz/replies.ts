import { errorReplySchema } from '../../api/contract/envelope.ts';
import type { Endpoint } from './endpoint.ts';
import { ENDPOINTS } from './routes.ts';
import type { Wire } from './wire.ts';

/**
 * Whether a reply is well-formed for its endpoint (docs/fuzzing.md); undefined when it is, else why not.
 * 5xx is always wrong. A 4xx must be in the endpoint's format: the house envelope for /api, RFC 6749 §5.2
 * JSON for the OAuth back channel, and so on. A request that reached no route of this endpoint (another
 * method, a path made longer) may be answered by whatever route did match, so only its family is held.
 */
export function replyProblem(
  endpoint: Endpoint,
  wire: Wire,
  response: Response,
  body: string,
): string | undefined {
  const { status } = response;
  if (status >= 500) return `status ${status}`;
  if (status >= 300 && status < 400 && status !== 304 && !response.headers.get('location'))
    return `redirect ${status} without Location`;
  // A HEAD reply has no body to hold to a format.
  if (status < 400 || wire.method === 'HEAD') return undefined;
  const type = response.headers.get('content-type') ?? '';
  // Refusals any route may give: another site's state-changing request (the house envelope, server/http/
  // same-origin.ts), and a path or method no route takes (the API's envelope, else the app's plain 404).
  if (status === 403 && isEnvelope(type, body)) return undefined;
  if (status === 404 && type.startsWith('text/plain') && !wire.path.startsWith('/api/')) return undefined;
  const sameMethod = wire.method === endpoint.method || endpoint.method === 'ALL';
  const samePath = endpoint.input.kind === 'path' || wire.path === endpoint.path;
  const format = sameMethod && samePath ? endpoint.replies : (routeOf(wire)?.replies ?? familyOf(wire.path));
  if (format === 'bearer')
    return /^Bearer realm=/.test(response.headers.get('www-authenticate') ?? '') || isOAuthError(type, body)
      ? undefined
      : `${status} without a Bearer challenge`;
  return formatProblem(format, status, type, body);
}

function formatProblem(
  format: Exclude<Endpoint['replies'], 'bearer'>,
  status: number,
  type: string,
  body: string,
) {
  switch (format) {
    case 'api':
      return isEnvelope(type, body) ? undefined : `${status} outside the API envelope`;
    case 'oauth':
      return isOAuthError(type, body) ? undefined : `${status} not an RFC 6749 error`;
    case 'redirect':
      // The authorisation endpoint answers every problem with a redirect; only the OAuth body limit is not.
      return isOAuthError(type, body) ? undefined : `${status} where a redirect was due`;
    case 'logout':
      return (type.startsWith('text/plain') && body.startsWith('Sign-out request not valid')) ||
        isOAuthError(type, body)
        ? undefined
        : `${status} neither a sign-out refusal nor an RFC 6749 error`;
    case 'html':
      return type.startsWith('text/html') || isOAuthError(type, body) ? undefined : `${status} not a page`;
    case 'text':
      return type.startsWith('text/plain') || isOAuthError(type, body)
        ? undefined
        : `${status} not plain text`;
  }
}

/** The table's entry for the route a request reached instead (GET /oauth/logout sent as a POST, say). */
const routeOf = (wire: Wire) =>
  ENDPOINTS.find(
    (other) => other.input.kind !== 'middleware' && other.path === wire.path && other.method === wire.method,
  );

/** The family a path belongs to when the request did not reach the endpoint's own route. */
function familyOf(path: string): Endpoint['replies'] {
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/oauth/')) return 'oauth';
  return 'html';
}

function parsed(type: string, body: string): unknown {
  if (!type.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const isEnvelope = (type: string, body: string) => errorReplySchema.safeParse(parsed(type, body)).success;

function isOAuthError(type: string, body: string): boolean {
  const reply = parsed(type, body) as { error?: unknown; error_description?: unknown } | undefined;
  return (
    typeof reply?.error === 'string' &&
    /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/.test(reply.error) &&
    (reply.error_description === undefined || typeof reply.error_description === 'string')
  );
}
