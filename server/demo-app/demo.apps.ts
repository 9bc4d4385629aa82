import {
  DEMO_CLIENT_ID,
  DEMO_NOTES_CLIENT_ID,
  DEMO_NOTES_REDIRECT_PATH,
  DEMO_NOTES_SIGNED_OUT_PATH,
  DEMO_REDIRECT_PATH,
  DEMO_SIGNED_OUT_PATH,
} from '../db/seed-data.ts';
import { RETIRED_CLIENT_ID, RETIRED_REDIRECT_PATH, RETIRED_SIGNED_OUT_PATH } from '../db/seed-notices.ts';

/** One demo app: the same code serves both, mounted at its own path with its own client (README). */
export interface DemoApp {
  clientId: string;
  name: string;
  /** Where it is mounted; its pages, stylesheet and cookie live under it. */
  basePath: string;
  redirectPath: string;
  signedOutPath: string;
  scope: string;
  /** ui_options its authorisation request adds. */
  uiOptions?: string;
  heading: string;
  pitch: string;
  /** The other demo app, linked so a visitor sees one sign-in open both. */
  other?: { name: string; basePath: string };
  /** The retired demo app, linked so a visitor can see the retired-app notice (docs/notices.md). */
  retired?: { name: string; replacementName: string; basePath: string };
}

const RETIRED_LINK = { name: 'Foyer Classic', replacementName: 'Demo Notes', basePath: '/retired-app' };

export const DEMO_PARTNER_APP: DemoApp = {
  clientId: DEMO_CLIENT_ID,
  name: 'Demo Partner App',
  basePath: '/demo-app',
  redirectPath: DEMO_REDIRECT_PATH,
  signedOutPath: DEMO_SIGNED_OUT_PATH,
  // An OpenID Connect relying party too: an ID token, UserInfo and Back-Channel Logout beside the API scopes.
  scope: 'openid profile email phone ReadAccounts ReadCallLog',
  heading: 'Connect your phone account',
  pitch:
    'This partner app asks to read your account details and call history through OAuth 2.0 (authorisation code with PKCE). It is a third party, so Foyer asks for your consent.',
  other: { name: 'Demo Notes', basePath: '/demo-notes' },
  retired: RETIRED_LINK,
};

export const DEMO_NOTES_APP: DemoApp = {
  clientId: DEMO_NOTES_CLIENT_ID,
  name: 'Demo Notes',
  basePath: '/demo-notes',
  redirectPath: DEMO_NOTES_REDIRECT_PATH,
  signedOutPath: DEMO_NOTES_SIGNED_OUT_PATH,
  scope: 'openid profile email phone ReadAccounts',
  // A first-party app may skip the consent page; Foyer strips this for third parties.
  uiOptions: 'hide_consent',
  heading: 'Your notes, with your phone account',
  pitch:
    'Demo Notes is one of the platform’s own apps: it signs in through Foyer with PKCE and skips the consent page. Signed in already in this browser? It opens without a password.',
  other: { name: 'Demo Partner App', basePath: '/demo-app' },
  retired: RETIRED_LINK,
};

/**
 * A first-party app retired in favour of Demo Notes (client retired-app, server/db/seed-notices.ts): its
 * sign-in goes to /oauth/authorize like the others', and Foyer shows the retired-app notice instead.
 */
export const DEMO_RETIRED_APP: DemoApp = {
  clientId: RETIRED_CLIENT_ID,
  name: RETIRED_LINK.name,
  basePath: RETIRED_LINK.basePath,
  redirectPath: RETIRED_REDIRECT_PATH,
  signedOutPath: RETIRED_SIGNED_OUT_PATH,
  scope: 'ReadAccounts',
  heading: 'Foyer Classic has been retired',
  pitch:
    'This app was retired on 30 June 2026 and replaced by Demo Notes. It still asks Foyer to sign you in, as an old copy on someone’s phone would: Foyer issues it nothing and names its replacement instead.',
};
