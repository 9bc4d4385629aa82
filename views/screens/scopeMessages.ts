import { ownEntry } from '../../api/ownEntry.ts';
import { isOpenIdScope, type OpenIdScopeId } from '../../api/scope.ts';
import type { MessageId } from '../../i18n/messages.ts';

/** What each OpenID Connect scope shares, in the page's language (the server's names are English). */
const scopeMessages: Readonly<Record<OpenIdScopeId, MessageId>> = {
  openid: 'consent.scopes.openid',
  profile: 'consent.scopes.profile',
  email: 'consent.scopes.email',
  phone: 'consent.scopes.phone',
  offline_access: 'consent.scopes.offline_access',
};

/**
 * The platform's API scopes the product itself defines (server/db/seed-clients.ts), named in the page's
 * language like the OpenID ones. An app's own scopes the product does not know keep the server's name.
 */
const apiScopeMessages: Readonly<Record<string, MessageId>> = {
  ReadAccounts: 'consent.scopes.ReadAccounts',
  ReadCallLog: 'consent.scopes.ReadCallLog',
};

/** The message naming a scope, or undefined for a scope only the server names (an app's own API scopes). */
export function scopeMessageId(scopeId: string): MessageId | undefined {
  return isOpenIdScope(scopeId) ? scopeMessages[scopeId] : ownEntry(apiScopeMessages, scopeId);
}
