import { REAL_LOCALES } from '../../api/contract/locales.ts';
import {
  DEMO_CLIENT_ID,
  DEMO_NOTES_CLIENT_ID,
  DEMO_ROOM_CLIENT_ID,
  DEVICE_CODE_GRANT_TYPE,
  FIRST_PARTY_CLIENT_ID,
  SEED_BRANDS,
  SEED_USERS,
  STATE_DEMO_PASSWORD,
} from '../../server/db/seed-data.ts';
import { TERMS_VERSIONS } from '../../server/db/seed-notices.ts';
import { ADA, DEMO_REDIRECT_URI, ORIGIN } from '../../server/testing/harness.ts';

/**
 * Values the seeded server knows, by field name. A body whose client id or redirect URI is random stops at
 * the first lookup; with these, most bodies reach the code behind it (sessions, accounts, codes).
 */

/** Stands for the signed-in browser's session of the moment: its public id changes at each sign-in. */
export const CURRENT_SESSION = 'fuzz-current-session';

/**
 * The accounts the signed-in browsers use: an ordinary one, and one with emergency locations so the E911
 * calls get past "not enabled". Never offered as hints, so fuzzed sign-ins do not lock them out.
 */
export const SIGNED_IN_USERS = [ADA, { email: 'erl@example.com', password: STATE_DEMO_PASSWORD }];
const signedIn = new Set(SIGNED_IN_USERS.map((user) => user.email));

const clients = [
  DEMO_CLIENT_ID,
  DEMO_NOTES_CLIENT_ID,
  DEMO_ROOM_CLIENT_ID,
  FIRST_PARTY_CLIENT_ID,
  'no-such-app',
];
const redirectUris = [
  DEMO_REDIRECT_URI,
  `${ORIGIN}/demo-notes/callback`,
  `${ORIGIN}/device/callback`,
  'https://evil.example/callback',
];
const brands = SEED_BRANDS.map((brand) => brand.id).slice(0, 8);
const logins = SEED_USERS.map((user) => user.email)
  .filter((email): email is string => email !== undefined && !signedIn.has(email))
  .slice(0, 6);
const scopes = ['ReadAccounts', 'ReadAccounts ReadCallLog', 'ReadCallLog Unknown'];
export const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

export function seededHints(): Map<string, readonly unknown[]> {
  return new Map<string, readonly unknown[]>([
    ['clientId', clients],
    ['client_id', clients],
    ['brandId', brands],
    ['brand_id', brands],
    ['localeId', [...REAL_LOCALES.slice(0, 4), 'rc_XX']],
    ['appUrlScheme', redirectUris],
    ['redirect_uri', redirectUris],
    ['post_logout_redirect_uri', [`${ORIGIN}/demo-app/signed-out`, 'https://evil.example/']],
    ['username', logins],
    ['userName', logins],
    ['credential', logins],
    ['email', logins],
    ['login_hint', logins],
    ['loginId', logins],
    ['scope', scopes],
    ['response_type', ['code', 'token']],
    ['responseType', ['code']],
    ['code_challenge', [CHALLENGE]],
    ['codeChallenge', [CHALLENGE]],
    ['code_challenge_method', ['S256', 'plain']],
    ['grant_type', ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE, 'password']],
    ['version', TERMS_VERSIONS.map((terms) => terms.version)],
    ['countryId', [1, 39, 224, 15]],
    ['phoneCountryId', [1, 224]],
    ['selected_entrance', ['sso', 'google', 'apple']],
    ['prompt', ['login', 'none', 'consent', 'select_account', 'sso']],
    ['targetUrl', ['https://apps.example/get-the-app']],
    ['fallbackUrl', ['https://web.example/app', 'http://localhost:8080/web']],
    ['assetId', brands],
    ['file', ['base.json', 'en-US.json', 'fr-CA.json', 'xx.json']],
    ['deviceId', ['e911-erl', 'e911-e911', 'no-such-device']],
    ['originalDeviceId', ['e911-erl', 'e911-e911']],
    ['addressFormatId', ['US-EMERGENCY', 'GB-EMERGENCY', 'CA-EMERGENCY']],
    ['country', ['US', 'GB', 'CA', 'ZZ']],
    ['from', ['/', `/?clientId=${DEMO_CLIENT_ID}#/enterPassword`, '//evil.example/']],
  ]);
}
