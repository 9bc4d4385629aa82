/**
 * OAuth scopes, the rule the server and the consent page share: which of a client's scopes a request
 * is for. The server grants them (server/clients/clients.service.ts resolveScope); the consent page
 * names them (machines/selectors.ts selectRequestedPermissions).
 */

/** OpenID Connect's standard scopes (Core §5.4, §11): asked for by name, never granted by default. */
export const OPENID_SCOPE_IDS = ['openid', 'profile', 'email', 'phone', 'offline_access'] as const;
export type OpenIdScopeId = (typeof OPENID_SCOPE_IDS)[number];

export function isOpenIdScope(id: string): id is OpenIdScopeId {
  return (OPENID_SCOPE_IDS as readonly string[]).includes(id);
}

/** A `scope` parameter's tokens (RFC 6749 §3.3: separated by spaces), each once, in the order given. */
export function scopeTokens(requested: string | undefined): string[] {
  return [...new Set((requested ?? '').split(' ').filter((token) => token !== ''))];
}

/**
 * What a request that names no scope is granted: all the client's API scopes, as before OpenID
 * Connect (an app that never asked for an ID token does not start receiving one); a client that has
 * only OpenID scopes gets them all. In the client's order.
 */
export function defaultScopeIds(clientScopeIds: readonly string[]): string[] {
  const api = clientScopeIds.filter((id) => !isOpenIdScope(id));
  return api.length > 0 ? api : [...clientScopeIds];
}

/**
 * The client's scopes a request is for, in the client's order: those it names, or the default when it
 * names none. A token the client does not have is left out (the server refuses the request).
 */
export function requestedScopes<Scope extends { id: string }>(
  clientScopes: readonly Scope[],
  requested: string | undefined,
): Scope[] {
  const tokens = scopeTokens(requested);
  const ids = tokens.length > 0 ? tokens : defaultScopeIds(clientScopes.map((scope) => scope.id));
  return clientScopes.filter((scope) => ids.includes(scope.id));
}
