import type { Client } from './clients.service.ts';

/**
 * A client as the operator sees it, in OpenID Connect Dynamic Client Registration's names, so the JSON
 * can be handed to the partner as it is. Secrets appear only as their dates.
 */
export interface ClientView {
  client_id: string;
  client_name: string;
  token_endpoint_auth_method: Client['tokenEndpointAuthMethod'];
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  backchannel_logout_uri: string | null;
  jwks_uri: string | null;
  id_token_signed_response_alg: Client['idTokenSignedResponseAlg'];
  scope: string;
  grant_types: string[];
  first_party: boolean;
  require_pkce: boolean;
  brand_id: string | null;
  disabled_at: string | null;
  /** The secrets that still work, oldest first; expires_at null: until the next rotation. */
  secrets: { created_at: string; expires_at: string | null }[];
}

export function viewOf(client: Client, secrets: { createdAt: Date; expiresAt: Date | null }[]): ClientView {
  return {
    client_id: client.id,
    client_name: client.name,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    backchannel_logout_uri: client.backchannelLogoutUri,
    jwks_uri: client.jwksUri,
    id_token_signed_response_alg: client.idTokenSignedResponseAlg,
    scope: client.scopes.map((scope) => scope.id).join(' '),
    grant_types: client.grantTypes,
    first_party: client.firstParty,
    require_pkce: client.requirePkce,
    brand_id: client.brandId,
    disabled_at: client.disabledAt?.toISOString() ?? null,
    secrets: secrets.map((secret) => ({
      created_at: secret.createdAt.toISOString(),
      expires_at: secret.expiresAt?.toISOString() ?? null,
    })),
  };
}

/** One line per client for `list` without --json. */
export function summaryLine(view: ClientView): string {
  const state = view.disabled_at ? `disabled since ${view.disabled_at}` : 'enabled';
  return `${view.client_id}\t${view.token_endpoint_auth_method}\t${state}\t${view.client_name}`;
}
