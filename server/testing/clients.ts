import type { App } from '../app.ts';
import type { Registration } from '../clients/registration.contract.ts';
import { registerClient } from '../clients/registration.service.ts';
import type { TestServer } from './harness.ts';

/** Test support (not a test): partner apps registered as operators register them, and their credentials. */
/** A partner app registered as an operator would (`npm run clients -- add`), on the test server's clock. */
export async function registerTestClient(server: TestServer, registration: Registration) {
  const ctx = { db: server.db, now: server.now(), rules: { production: false } };
  const { client, clientSecret } = await registerClient(ctx, registration);
  return { id: client.client_id, secret: clientSecret ?? '' };
}

/** RFC 6749 §2.3.1's Authorization header: each part form-urlencoded, then base64. */
export function basicAuthorization(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/** postForm with an Authorization header (a confidential client's HTTP Basic credentials). */
export function postFormWithAuthorization(
  app: App,
  path: string,
  form: Record<string, string>,
  authorization: string,
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    body: new URLSearchParams(form).toString(),
  });
}
