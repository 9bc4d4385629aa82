import { expect } from 'vitest';
import { verifyUserCodeReply } from '../../api/contract/device.ts';
import type { App } from '../app.ts';
import { DEMO_ROOM_CLIENT_ID, FIRST_PARTY_CLIENT_ID } from '../db/seed-data.ts';
import { type CookieJar, location, postForm, postJson, requestStartupCode } from '../testing/harness.ts';
import { DEVICE_CODE_GRANT_TYPE } from './device.settings.ts';

/** Test support for room activation (not a test): the device's calls and the browser's part. */

export interface DeviceAuthorizationReply {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export async function startRoom(app: App, form: Record<string, string> = {}) {
  const response = await postForm(app, '/oauth/device_authorization', {
    client_id: DEMO_ROOM_CLIENT_ID,
    ...form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceAuthorizationReply;
}

/** One poll of the token endpoint: its HTTP status and JSON body. */
export async function poll(app: App, deviceCode: string, clientId = DEMO_ROOM_CLIENT_ID) {
  const response = await postForm(app, '/oauth/token', {
    grant_type: DEVICE_CODE_GRANT_TYPE,
    client_id: clientId,
    device_code: deviceCode,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const verify = (app: App, userCode: string, cookie?: string) =>
  postJson(app, '/api/device/verify', { clientId: FIRST_PARTY_CLIENT_ID, userCode }, cookie);

export async function authorizeUrlFor(app: App, userCode: string): Promise<string> {
  const response = await verify(app, userCode);
  expect(response.status).toBe(200);
  return verifyUserCodeReply.parse(await response.json()).data.authorizeUrl;
}

/**
 * The browser and the SPA after the activation page: /oauth/authorize → the SPA (the jar already
 * signed in) → its consent page's Approve (generate-code) → the code's redirect, returned unfollowed.
 */
export async function approveInBrowser(app: App, jar: CookieJar, authorizeUrl: string): Promise<URL> {
  const startup = location(
    jar.absorb(await app.request(authorizeUrl, { headers: { cookie: jar.header } })),
  ).searchParams;
  const generated = await requestStartupCode(app, jar, startup);
  expect(generated.status).toBe(200);
  return new URL(((await generated.json()) as { data: { redirectUri: string } }).data.redirectUri);
}

/** Follows a same-origin redirect in the browser's jar. */
export const follow = async (app: App, jar: CookieJar, url: URL) =>
  jar.absorb(await app.request(`${url.pathname}${url.search}`, { headers: { cookie: jar.header } }));
