import { requestedScopes } from '../api/scope.ts';
import type { SignInSnapshot } from './selectors.ts';

// The consent page's own selectors. Not in selectors.ts: that module loads with the first screen, and
// this (with the scope rule it uses) is only needed once the lazy consent screen shows.

/**
 * The consent page's list: the client's scopes this request is for (its `scope`, or what the server
 * grants when it names none: api/scope.ts), in the client's order; compare with shallowEqual.
 */
export const selectRequestedPermissions = (snapshot: SignInSnapshot) =>
  requestedScopes(snapshot.context.app?.permissions ?? [], snapshot.context.params?.scope);
