import { and, eq } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { requirePasswordCurrent } from '../account/password-change.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import {
  type Client,
  findActiveClient,
  isRegisteredRedirectUri,
  resolveScope,
} from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { authCodes, sessions, users } from '../db/schema.ts';
import { requireEmergencyAddress } from '../emergency/emergency.gate.ts';
import { ApiFailure } from '../http/errors.ts';
import { type CallerAuditRecord, fedrampColumns, requireFedrampNotice } from '../notices/fedramp.gate.ts';
import { refuseRetiredClient } from '../notices/retired.service.ts';
import { requireTermsAccepted } from '../notices/terms.service.ts';
import { countCodeIssued } from '../observability/metrics.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import { checkSecondFactor, secondFactorColumns } from '../two-factor/second-factor.service.ts';
import type { TrustedDeviceClaim } from '../two-factor/trusted-device.ts';
import { consentNeeded, recordConsent } from './consent.service.ts';

export const AUTH_CODE_LIFETIME_MS = 60_000;

/** The client, provided it exists and registered exactly this redirect URI; otherwise INVALID_REDIRECT_URI. */
export async function clientForRedirect(
  db: Database,
  clientId: string,
  redirectUri: string,
): Promise<Client> {
  // A disabled app (npm run clients -- disable) is as unknown here as at /oauth/authorize.
  const client = await findActiveClient(db, clientId);
  if (!client) throw new ApiFailure(400, backendCode.invalidRedirectUri, 'Unknown clientId');
  if (!isRegisteredRedirectUri(client, redirectUri)) {
    throw new ApiFailure(
      400,
      backendCode.invalidRedirectUri,
      'Redirect URI is not registered for this client',
    );
  }
  return client;
}

export interface CodeRequest {
  /** The issuer, named in the response (RFC 9207 iss) so the app knows which server answered. */
  issuer: string;
  client: Client;
  redirectUri: string;
  responseType: string;
  scope?: string | undefined;
  state?: string | undefined;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: 'S256' | undefined;
  /** OpenID Connect: copied unchanged into the ID token. */
  nonce?: string | undefined;
  userId: number;
  sessionId: number;
  /** The browser's valid trusted-device entries (server/two-factor/trusted-device.ts), for the second-factor rule. */
  trustedDevice: readonly TrustedDeviceClaim[];
  /** The page finished its emergency-address step (spec §3 eaCompleted); only the 702 warning takes its word. */
  eaCompleted?: boolean;
  /** The page showed the FedRAMP notice and the user accepted it (spec §3 fedrampNotificationCompleted). */
  fedrampNotificationCompleted?: boolean;
  /** Audits what the request records for the caller (the FedRAMP acceptance); generate-code's caller. */
  audit?: CallerAuditRecord;
}

const invalidRequest = (message: string) => new ApiFailure(400, backendCode.internal, message);

/**
 * Issues an authorisation code for a signed-in user and returns the redirect back to the app.
 * Only the code's hash is stored; the code is bound to everything the token request must repeat.
 * A third-party app only gets here after the user saw its consent page (generate-code) or an earlier
 * grant covered the scope (prompt=none), so the grant is recorded for the next time. Every code for a
 * session passes the second-factor rule here, whichever path asked (306/224, docs/two-factor.md), then
 * the required password change (412, docs/passwords.md), then the notices (FedRAMP 720, terms 730,
 * docs/notices.md), then the emergency address (701/702, docs/emergency-address.md). A retired client
 * gets nothing, before any of them (216).
 */
export async function issueAuthorisationCode(db: Database, request: CodeRequest, now: Date): Promise<string> {
  const { client } = request;
  refuseRetiredClient(client, now);
  if (request.responseType !== 'code') throw invalidRequest('responseType must be code');
  if (client.requirePkce && !request.codeChallenge) throw invalidRequest('code_challenge is required');
  if (request.codeChallenge && request.codeChallengeMethod !== 'S256') {
    throw invalidRequest('code_challenge_method must be S256');
  }
  const scope = resolveScope(client, request.scope);
  if (!scope.ok)
    throw invalidRequest(`scope not allowed for this client: ${scope.unknown.join(' ').slice(0, 200)}`);
  const standing = await readStanding(db, request);
  await checkSecondFactor(db, request, standing, now);
  requirePasswordCurrent(standing?.passwordChangeRequired ?? null);
  // The notices come once the user is known for sure and holds a current password: an acceptance is
  // then the account holder's. FedRAMP's system-use notice before the terms, as it is shown before
  // anything else is agreed to; both before E911, which sets up a service the user has not agreed to yet.
  await requireFedrampNotice(db, request, standing, now);
  await requireTermsAccepted(db, request.userId, standing, now);
  await requireEmergencyAddress(db, request.userId, request.eaCompleted ?? false);

  const code = randomToken();
  await db.insert(authCodes).values({
    codeHash: sha256Hex(code),
    clientId: client.id,
    redirectUri: request.redirectUri,
    userId: request.userId,
    sessionId: request.sessionId,
    scope: scope.scope,
    codeChallenge: request.codeChallenge ?? null,
    codeChallengeMethod: request.codeChallenge ? 'S256' : null,
    nonce: request.nonce ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_LIFETIME_MS),
  });
  countCodeIssued(client.id);
  await recordConsent(db, request.userId, client, scope.scope, now);
  return authorisationResponse(request.issuer, request.redirectUri, { code }, request.state);
}

/**
 * What the gates above read of the user and this sign-in's session, in one query rather than one per
 * gate (docs/benchmarks.md "Where a sign-in's CPU goes"); undefined when the session is not the user's.
 */
async function readStanding(db: Database, request: Pick<CodeRequest, 'userId' | 'sessionId'>) {
  const [row] = await db
    .select({
      ...secondFactorColumns,
      ...fedrampColumns,
      passwordChangeRequired: users.passwordChangeRequired,
      brandId: users.brandId,
      termsAcceptanceRequired: users.termsAcceptanceRequired,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, request.sessionId), eq(sessions.userId, request.userId)))
    .limit(1);
  return row;
}

/**
 * Every authorisation response to the app, success or error: its parameters, the request's state when it
 * had one (RFC 6749 §4.1.2), and iss (RFC 9207), which tells an app talking to several servers which
 * one answered (the mix-up defence).
 */
export function authorisationResponse(
  issuer: string,
  redirectUri: string,
  params: Record<string, string>,
  state: string | undefined,
): string {
  return appendQuery(redirectUri, { ...params, ...(state !== undefined ? { state } : {}), iss: issuer });
}

export interface SessionCodeRequest extends Omit<CodeRequest, 'userId' | 'sessionId'> {
  session: Pick<PlatformSession, 'id' | 'user'>;
  /** The user approved the consent page just now; otherwise an earlier grant must cover the scope. */
  consentGiven: boolean;
}

/**
 * A code for one of the browser's sessions, as every path that asks for one decides it: the page's code
 * request (generate-code) and /oauth/authorize answering a returning user itself. A third-party app the
 * user has not approved needs its consent page first (a refusal the page branches on); then every gate
 * of issueAuthorisationCode.
 */
export async function issueCodeForSession(db: Database, request: SessionCodeRequest, now: Date) {
  const { session, consentGiven, ...rest } = request;
  const scope = resolveScope(request.client, request.scope);
  // An unknown scope is never granted, so it asks for consent; issueAuthorisationCode refuses it after.
  const asked = scope.ok ? scope.scope : (request.scope ?? '');
  if (!consentGiven && (await consentNeeded(db, session.user.id, request.client, asked)))
    throw new ApiFailure(
      403,
      backendCode.consent,
      'prompt=consent is required: the user has not approved this app',
    );
  return issueAuthorisationCode(db, { ...rest, userId: session.user.id, sessionId: session.id }, now);
}

/** Adds parameters to a redirect URI that may already carry a query. */
export function appendQuery(uri: string, params: Record<string, string>): string {
  const [base, fragment] = splitFragment(uri);
  const query = new URLSearchParams(params).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf('#');
  return hash === -1 ? [uri, ''] : [uri.slice(0, hash), uri.slice(hash)];
}
