import type { ScopeRecord } from './schema.oauth.ts';

// The demo apps the reference server seeds, and the ids and paths the server's own pages use for them.

export const DEMO_CLIENT_ID = 'demo-app';
/** The SPA's own client id, used when it shows its own error pages; it can never receive a code. */
export const FIRST_PARTY_CLIENT_ID = 'foyer-web';
export const DEMO_REDIRECT_PATH = '/demo-app/callback';
export const DEMO_SIGNED_OUT_PATH = '/demo-app/signed-out';
/** Where Foyer posts the demo apps' logout tokens (OpenID Connect Back-Channel Logout 1.0). */
export const DEMO_BACKCHANNEL_LOGOUT_PATH = '/demo-app/backchannel-logout';
/** A second demo app, first-party, to show one sign-in serving several apps (single sign-on). */
export const DEMO_NOTES_CLIENT_ID = 'demo-notes';
export const DEMO_NOTES_REDIRECT_PATH = '/demo-notes/callback';
export const DEMO_NOTES_SIGNED_OUT_PATH = '/demo-notes/signed-out';
export const DEMO_NOTES_BACKCHANNEL_LOGOUT_PATH = '/demo-notes/backchannel-logout';
/** A meeting-room display that signs in with the device authorization grant (docs/room-activation.md). */
export const DEMO_ROOM_CLIENT_ID = 'demo-room';
/** Where the sign-in that approves a room comes back to (server/device). */
export const DEVICE_CALLBACK_PATH = '/device/callback';
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * OpenID Connect's standard scopes (docs/openid-connect.md): the consent page names what each shares in
 * the page's language (views/screens/ConsentScreen.tsx), so these English names are for other readers.
 */
export const OPENID_SCOPES: ScopeRecord[] = [
  { id: 'openid', name: 'Know who you are' },
  { id: 'profile', name: 'Your name, language and time zone' },
  { id: 'email', name: 'Your email address' },
  { id: 'phone', name: 'Your phone number' },
  { id: 'offline_access', name: 'Keep access while you are away' },
];
const DEMO_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
  { id: 'ReadCallLog', name: 'Read your call history' },
  ...OPENID_SCOPES,
];
const DEMO_NOTES_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
  ...OPENID_SCOPES,
];
const DEMO_ROOM_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
];

/** Redirect URIs are absolute, so they are derived from the public origin at every boot. */
export function seedClients(publicOrigin: string) {
  return [
    {
      id: DEMO_CLIENT_ID,
      name: 'Demo Partner App',
      firstParty: false,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEMO_REDIRECT_PATH}`],
      scopes: DEMO_SCOPES,
      postLogoutRedirectUris: [`${publicOrigin}${DEMO_SIGNED_OUT_PATH}`],
      backchannelLogoutUri: `${publicOrigin}${DEMO_BACKCHANNEL_LOGOUT_PATH}`,
    },
    {
      id: DEMO_NOTES_CLIENT_ID,
      name: 'Demo Notes',
      firstParty: true,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEMO_NOTES_REDIRECT_PATH}`],
      scopes: DEMO_NOTES_SCOPES,
      postLogoutRedirectUris: [`${publicOrigin}${DEMO_NOTES_SIGNED_OUT_PATH}`],
      backchannelLogoutUri: `${publicOrigin}${DEMO_NOTES_BACKCHANNEL_LOGOUT_PATH}`,
    },
    {
      id: DEMO_ROOM_CLIENT_ID,
      name: 'Foyer Room Display',
      // A third party, so the consent page shows: there the person approves the room.
      firstParty: false,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEVICE_CALLBACK_PATH}`],
      scopes: DEMO_ROOM_SCOPES,
      postLogoutRedirectUris: [],
      grantTypes: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
      brandId: '7310',
    },
    {
      id: FIRST_PARTY_CLIENT_ID,
      name: 'Foyer',
      firstParty: true,
      requirePkce: true,
      redirectUris: [],
      scopes: [],
      postLogoutRedirectUris: [],
    },
  ];
}
