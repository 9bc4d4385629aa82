import { DEMO_ROOM_CLIENT_ID, DEVICE_CALLBACK_PATH } from '../db/seed-data.ts';
import type { DemoApp } from '../demo-app/demo.apps.ts';

/**
 * The demo meeting-room display (docs/room-activation.md): a public client of this server that signs in
 * with the device authorization grant, built on the same oauth4webapi client and page layout as the
 * demo apps. It has no browser of its own, so the redirect URI is the server's own /device/callback
 * (the sign-in happens on the person's device) and it has no sign-out page.
 */
export const DEMO_ROOM_APP: DemoApp = {
  clientId: DEMO_ROOM_CLIENT_ID,
  name: 'Foyer Room Display',
  basePath: '/demo-room',
  redirectPath: DEVICE_CALLBACK_PATH,
  signedOutPath: '/demo-room',
  scope: 'ReadAccounts',
  heading: 'A meeting room without a keyboard',
  pitch:
    'This page plays a meeting-room display. Press Start: it asks Foyer for a code (OAuth 2.0 device authorization grant, RFC 8628), shows it, and checks back at the interval Foyer gives. Enter the code on your phone or computer, sign in as usual and approve: the room signs in.',
  other: { name: 'Demo Partner App', basePath: '/demo-app' },
};
