import {
  DEMO_CLIENT_ID,
  DEMO_NOTES_CLIENT_ID,
  DEMO_NOTES_REDIRECT_PATH,
  DEMO_NOTES_SIGNED_OUT_PATH,
  DEMO_REDIRECT_PATH,
  DEMO_SIGNED_OUT_PATH,
} from '../db/seed-data.ts';

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
  other: { name: string; basePath: string };
}

export const DEMO_PARTNER_APP: DemoApp = {
  clientId: DEMO_CLIENT_ID,
  name: 'Demo Partner App',
  basePath: '/demo-app',
  redirectPath: DEMO_REDIRECT_PATH,
  signedOutPath: DEMO_SIGNED_OUT_PATH,
  scope: 'ReadAccounts ReadCallLog',
  heading: 'Connect your phone account',
  pitch:
    'This partner app asks to read your account details and call history through OAuth 2.0 (authorisation code with PKCE). It is a third party, so Foyer asks for your consent.',
  other: { name: 'Demo Notes', basePath: '/demo-notes' },
};

export const DEMO_NOTES_APP: DemoApp = {
  clientId: DEMO_NOTES_CLIENT_ID,
  name: 'Demo Notes',
  basePath: '/demo-notes',
  redirectPath: DEMO_NOTES_REDIRECT_PATH,
  signedOutPath: DEMO_NOTES_SIGNED_OUT_PATH,
  scope: 'ReadAccounts',
  // A first-party app may skip the consent page; Foyer strips this for third parties.
  uiOptions: 'hide_consent',
  heading: 'Your notes, with your phone account',
  pitch:
    'Demo Notes is one of the platform’s own apps: it signs in through Foyer with PKCE and skips the consent page. Signed in already in this browser? It opens without a password.',
  other: { name: 'Demo Partner App', basePath: '/demo-app' },
};
