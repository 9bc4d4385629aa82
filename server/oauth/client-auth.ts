import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { clientIdSchema } from '../../api/contract/config.ts';
import { type Client, findActiveClient } from '../clients/clients.service.ts';
import { clientSecrets, type TokenEndpointAuthMethod } from '../db/schema.ts';
import { describeIssues } from '../http/validate.ts';
import { sha256Hex } from '../security/tokens.ts';
import {
  type AssertionContext,
  assertionClientId,
  CLIENT_ASSERTION_TYPE,
  verifyClientAssertion,
} from './client-assertion.ts';
import { invalidClient, OAuthFailure } from './oauth-errors.ts';

// Client authentication at the token, revocation and introspection endpoints (RFC 6749 §2.3): each client
// authenticates exactly as registered (token_endpoint_auth_method), never by another method, never by two.

/** The form fields a client authenticates with; each endpoint parses its own fields besides these. */
const credentialFields = z.object({
  client_id: z.optional(clientIdSchema),
  client_secret: z.string().min(1).max(512).optional(),
  client_assertion: z.string().min(1).max(8192).optional(),
  client_assertion_type: z.string().min(1).max(256).optional(),
});
type CredentialFields = z.infer<typeof credentialFields>;

type Presented =
  | { method: 'none'; clientId: string }
  | { method: 'client_secret_basic' | 'client_secret_post'; clientId: string; secret: string }
  | { method: 'private_key_jwt'; clientId: string; assertion: string };

export interface ClientAuthRequest {
  /** The Authorization header, if any. */
  authorization: string | undefined;
  form: Record<string, string>;
  /** The absolute URL of the endpoint called: a client assertion may name it as its audience. */
  endpoint: string;
}

/** The registered, enabled client that made the request, authenticated as registered; invalid_client otherwise. */
export async function authenticateClient(ctx: AssertionContext, request: ClientAuthRequest): Promise<Client> {
  const parsed = credentialFields.safeParse(request.form);
  if (!parsed.success) throw new OAuthFailure('invalid_request', describeIssues(parsed.error));
  const presented = presentedCredentials(request.authorization, parsed.data);
  const triedBasic = presented.method === 'client_secret_basic';
  const client = await findActiveClient(ctx.db, presented.clientId);
  if (!client) throw invalidClient('Unknown client_id', triedBasic);
  const registered = client.tokenEndpointAuthMethod;
  if (presented.method !== registered)
    throw invalidClient(mismatchDescription(registered), triedBasic || registered !== 'none');
  if (presented.method === 'client_secret_basic' || presented.method === 'client_secret_post') {
    if (!(await secretMatches(ctx, client.id, presented.secret)))
      throw invalidClient('The client secret is wrong or has expired', true);
  }
  if (presented.method === 'private_key_jwt')
    await verifyClientAssertion(ctx, client, presented.assertion, request.endpoint);
  return client;
}

function presentedCredentials(authorization: string | undefined, fields: CredentialFields): Presented {
  const basic = authorization === undefined ? undefined : basicCredentials(authorization);
  const assertionSent = fields.client_assertion !== undefined || fields.client_assertion_type !== undefined;
  const methods = [
    basic && 'HTTP Basic',
    fields.client_secret !== undefined && 'client_secret',
    assertionSent && 'client_assertion',
  ].filter(Boolean);
  if (methods.length > 1)
    throw invalidClient(`Use one client authentication method, not ${methods.join(' and ')}`, Boolean(basic));
  if (basic) {
    if (fields.client_id !== undefined && fields.client_id !== basic.clientId)
      throw invalidClient('client_id differs from the one in the Authorization header', true);
    return { method: 'client_secret_basic', ...basic };
  }
  if (fields.client_secret !== undefined)
    return { method: 'client_secret_post', clientId: requiredClientId(fields), secret: fields.client_secret };
  if (assertionSent) {
    if (fields.client_assertion_type !== CLIENT_ASSERTION_TYPE || fields.client_assertion === undefined)
      throw new OAuthFailure(
        'invalid_request',
        `client_assertion needs client_assertion_type=${CLIENT_ASSERTION_TYPE}, and the other way round`,
      );
    const clientId = assertionClientId(fields.client_assertion);
    if (fields.client_id !== undefined && fields.client_id !== clientId)
      throw invalidClient('client_id differs from the client_assertion issuer', false);
    return { method: 'private_key_jwt', clientId, assertion: fields.client_assertion };
  }
  return { method: 'none', clientId: requiredClientId(fields) };
}

function requiredClientId(fields: CredentialFields): string {
  if (fields.client_id === undefined)
    throw new OAuthFailure(
      'invalid_request',
      'client_id is required (or authenticate with HTTP Basic or a client assertion)',
    );
  return fields.client_id;
}

/** RFC 6749 §2.3.1: `Basic base64(urlencode(client_id) ":" urlencode(secret))`. */
function basicCredentials(header: string): { clientId: string; secret: string } {
  const encoded = /^Basic +([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim())?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = colon > 0 ? formDecode(decoded.slice(0, colon)) : undefined;
  const secret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : undefined;
  if (!clientId || !secret || !clientIdSchema.safeParse(clientId).success || secret.length > 512)
    throw invalidClient('The Authorization header must be HTTP Basic with client_id:client_secret', true);
  return { clientId, secret };
}

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

const METHOD_DESCRIPTIONS: Record<TokenEndpointAuthMethod, string> = {
  none: 'This client is public: send client_id only, without credentials',
  client_secret_basic: 'This client authenticates with HTTP Basic (client_secret_basic)',
  client_secret_post:
    'This client authenticates with client_id and client_secret in the form (client_secret_post)',
  private_key_jwt: `This client authenticates with a client_assertion (private_key_jwt)`,
};

const mismatchDescription = (registered: TokenEndpointAuthMethod) => METHOD_DESCRIPTIONS[registered];

/** Against every unexpired secret (rotation overlaps two), compared as hashes in constant time. */
async function secretMatches(ctx: AssertionContext, clientId: string, secret: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ secretHash: clientSecrets.secretHash })
    .from(clientSecrets)
    .where(
      and(
        eq(clientSecrets.clientId, clientId),
        or(isNull(clientSecrets.expiresAt), gt(clientSecrets.expiresAt, ctx.now)),
      ),
    );
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  let matched = false;
  for (const { secretHash } of rows) {
    const stored = Buffer.from(secretHash, 'hex');
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) matched = true;
  }
  return matched;
}
