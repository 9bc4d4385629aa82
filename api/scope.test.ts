import { describe, expect, it } from 'vitest';
import { defaultScopeIds, isOpenIdScope, requestedScopes, scopeTokens } from './scope.ts';

const scopes = (...ids: string[]) => ids.map((id) => ({ id, name: id }));

describe('the shared scope rule', () => {
  it('splits a scope parameter on spaces, each token once, in the order given', () => {
    expect(scopeTokens(undefined)).toEqual([]);
    expect(scopeTokens('  ')).toEqual([]);
    expect(scopeTokens('email openid  email ReadAccounts')).toEqual(['email', 'openid', 'ReadAccounts']);
  });

  it('knows the OpenID Connect scopes by name', () => {
    for (const id of ['openid', 'profile', 'email', 'phone', 'offline_access'])
      expect(isOpenIdScope(id)).toBe(true);
    for (const id of ['ReadAccounts', 'OpenID', 'constructor', '']) expect(isOpenIdScope(id)).toBe(false);
  });

  it('grants by default the API scopes only, or every scope of a client that has nothing else', () => {
    expect(defaultScopeIds(['ReadAccounts', 'openid', 'ReadCallLog', 'email'])).toEqual([
      'ReadAccounts',
      'ReadCallLog',
    ]);
    expect(defaultScopeIds(['openid', 'profile'])).toEqual(['openid', 'profile']);
    expect(defaultScopeIds([])).toEqual([]);
  });

  it('lists the client scopes a request names, in the client order, leaving out tokens it lacks', () => {
    const client = scopes('ReadAccounts', 'ReadCallLog', 'openid', 'email', 'phone');
    expect(requestedScopes(client, 'phone openid ReadCallLog unknown').map((scope) => scope.id)).toEqual([
      'ReadCallLog',
      'openid',
      'phone',
    ]);
    expect(requestedScopes(client, undefined).map((scope) => scope.id)).toEqual([
      'ReadAccounts',
      'ReadCallLog',
    ]);
    expect(requestedScopes(scopes('openid', 'profile'), '').map((scope) => scope.id)).toEqual([
      'openid',
      'profile',
    ]);
  });
});
