import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { isOpenIdScope } from '../../api/scope.ts';
import type { Database } from '../db/client.ts';
import { brands, clientSecrets, clients, type ScopeRecord } from '../db/schema.ts';
import { OPENID_SCOPES } from '../db/seed-clients.ts';
import { firstUnstorable } from '../http/validate.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import { type Client, findClient } from './clients.service.ts';
import {
  type ClientSettings,
  clientSettingsSchema,
  describeSettingsIssues,
  type Registration,
  RegistrationError,
  type RegistrationRules,
} from './registration.contract.ts';
import { type ClientView, viewOf } from './registration.view.ts';

// Operators register partner apps (`npm run clients`, docs/openid-connect.md): the CLI and the tests call
// these in process. A secret is returned once, when made, and only its hash is stored.

export interface RegistrationContext {
  db: Database;
  now: Date;
  rules: RegistrationRules;
}

export interface Registered {
  client: ClientView;
  /** Only when one was made just now: it cannot be shown again. */
  clientSecret?: string;
}

const SECRET_METHODS = new Set(['client_secret_basic', 'client_secret_post']);
const MAX_OVERLAP_HOURS = 30 * 24;

export async function registerClient(
  ctx: RegistrationContext,
  registration: Registration,
): Promise<Registered> {
  const { confidential, ...given } = registration;
  const authMethod =
    given.authMethod ?? (confidential ? (given.jwksUri ? 'private_key_jwt' : 'client_secret_basic') : 'none');
  if (confidential && authMethod === 'none')
    throw new RegistrationError('--confidential and --auth-method none contradict each other');
  const settings = await validSettings(ctx, {
    postLogoutRedirectUris: [],
    firstParty: false,
    brandId: null,
    backchannelLogoutUri: null,
    jwksUri: null,
    idTokenAlg: 'RS256',
    scopes: [],
    requirePkce: true,
    ...given,
    authMethod,
  });
  const id = newClientId();
  const clientSecret = SECRET_METHODS.has(authMethod) ? randomToken() : undefined;
  const row = await rowOf(ctx.db, settings);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(clients).values({ id, ...row });
    if (clientSecret) await tx.insert(clientSecrets).values(secretRow(id, clientSecret, ctx.now));
  });
  return { client: await showClient(ctx, id), ...(clientSecret ? { clientSecret } : {}) };
}

/** Changes what is given and keeps the rest; a public client cannot become confidential or the reverse. */
export async function updateClient(
  ctx: RegistrationContext,
  id: string,
  changes: Partial<ClientSettings>,
): Promise<Registered> {
  const current = await existing(ctx.db, id);
  const settings = await validSettings(ctx, { ...settingsOf(current), ...changes });
  if ((settings.authMethod === 'none') !== (current.tokenEndpointAuthMethod === 'none'))
    throw new RegistrationError(
      "A client's confidentiality cannot change (--auth-method none versus the others): register a new client",
    );
  const needsSecret = SECRET_METHODS.has(settings.authMethod);
  const clientSecret = needsSecret && !(await hasLiveSecret(ctx, id)) ? randomToken() : undefined;
  const row = await rowOf(ctx.db, settings);
  await ctx.db.transaction(async (tx) => {
    await tx.update(clients).set(row).where(eq(clients.id, id));
    if (clientSecret) await tx.insert(clientSecrets).values(secretRow(id, clientSecret, ctx.now));
    // A key-authenticated client has no use for the secrets it had: they end now.
    if (!needsSecret) await expireSecrets(tx, id, ctx.now);
  });
  return { client: await showClient(ctx, id), ...(clientSecret ? { clientSecret } : {}) };
}

/** A new secret; the ones before it keep working for the overlap, so the app can be redeployed meanwhile. */
export async function rotateClientSecret(
  ctx: RegistrationContext,
  id: string,
  overlapHours = 24,
): Promise<Registered> {
  const client = await existing(ctx.db, id);
  if (!SECRET_METHODS.has(client.tokenEndpointAuthMethod))
    throw new RegistrationError(`Client ${id} uses ${client.tokenEndpointAuthMethod}: it has no secret`);
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_OVERLAP_HOURS)
    throw new RegistrationError(`--overlap-hours must be a whole number from 0 to ${MAX_OVERLAP_HOURS}`);
  const clientSecret = randomToken();
  await ctx.db.transaction(async (tx) => {
    await expireSecrets(tx, id, new Date(ctx.now.getTime() + overlapHours * 3_600_000));
    await tx.insert(clientSecrets).values(secretRow(id, clientSecret, ctx.now));
  });
  return { client: await showClient(ctx, id), clientSecret };
}

/** Disabled: treated as unknown at sign-in, token, revocation and introspection (clients.service.ts). */
export async function setClientDisabled(
  ctx: RegistrationContext,
  id: string,
  disabled: boolean,
): Promise<ClientView> {
  const client = await existing(ctx.db, id);
  const disabledAt = disabled ? (client.disabledAt ?? ctx.now) : null;
  await ctx.db.update(clients).set({ disabledAt }).where(eq(clients.id, id));
  return showClient(ctx, id);
}

export async function showClient(
  ctx: Pick<RegistrationContext, 'db' | 'now'>,
  id: string,
): Promise<ClientView> {
  const client = await existing(ctx.db, id);
  const secrets = await ctx.db
    .select({ createdAt: clientSecrets.createdAt, expiresAt: clientSecrets.expiresAt })
    .from(clientSecrets)
    .where(and(eq(clientSecrets.clientId, id), liveAt(ctx.now)))
    .orderBy(asc(clientSecrets.id));
  return viewOf(client, secrets);
}

export async function listClients(ctx: Pick<RegistrationContext, 'db' | 'now'>): Promise<ClientView[]> {
  const rows = await ctx.db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id));
  return Promise.all(rows.map((row) => showClient(ctx, row.id)));
}

async function existing(db: Database, id: string): Promise<Client> {
  const client = await findClient(db, id);
  if (!client) throw new RegistrationError(`No client ${id.slice(0, 128)}`);
  return client;
}

/** The settings a stored client has, in the shape `set` merges changes into. */
function settingsOf(client: Client): ClientSettings {
  return {
    name: client.name,
    redirectUris: client.redirectUris,
    postLogoutRedirectUris: client.postLogoutRedirectUris,
    firstParty: client.firstParty,
    brandId: client.brandId,
    backchannelLogoutUri: client.backchannelLogoutUri,
    jwksUri: client.jwksUri,
    authMethod: client.tokenEndpointAuthMethod,
    idTokenAlg: client.idTokenSignedResponseAlg,
    scopes: client.scopes.map((scope) => scope.id).filter((scope) => !isOpenIdScope(scope)),
    requirePkce: client.requirePkce,
  };
}

async function validSettings(ctx: RegistrationContext, input: ClientSettings): Promise<ClientSettings> {
  const parsed = clientSettingsSchema(ctx.rules).safeParse(input);
  if (!parsed.success) throw new RegistrationError(describeSettingsIssues(parsed.error));
  const settings = parsed.data;
  // What the HTTP contract refuses in every body (server/http/validate.ts), refused here too: the clients
  // command reaches this service without that layer.
  const unstorable = firstUnstorable(settings);
  if (unstorable) throw new RegistrationError(describeSettingsIssues({ issues: [unstorable] }));
  if (settings.authMethod === 'none' && !settings.requirePkce)
    throw new RegistrationError(
      '--no-require-pkce is for confidential clients only: a public client must use PKCE',
    );
  if (settings.authMethod === 'private_key_jwt' && !settings.jwksUri)
    throw new RegistrationError('--auth-method private_key_jwt needs --jwks-uri');
  if (settings.authMethod !== 'private_key_jwt' && settings.jwksUri)
    throw new RegistrationError('--jwks-uri is for --auth-method private_key_jwt only');
  if (settings.brandId !== null) {
    const [brand] = await ctx.db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.id, settings.brandId));
    if (!brand) throw new RegistrationError(`--brand ${settings.brandId} is not a brand of this server`);
  }
  return settings;
}

async function rowOf(db: Database, settings: ClientSettings) {
  return {
    name: settings.name,
    firstParty: settings.firstParty,
    requirePkce: settings.requirePkce,
    redirectUris: [...new Set(settings.redirectUris)],
    postLogoutRedirectUris: [...new Set(settings.postLogoutRedirectUris)],
    scopes: await scopeRecords(db, settings.scopes),
    brandId: settings.brandId,
    tokenEndpointAuthMethod: settings.authMethod,
    jwksUri: settings.jwksUri,
    jwks: null,
    idTokenSignedResponseAlg: settings.idTokenAlg,
    backchannelLogoutUri: settings.backchannelLogoutUri,
  };
}

/**
 * OpenID Connect's scopes always, then the others asked for. An API scope takes the name another client
 * already shows for it (the consent page reads it), else its id.
 */
async function scopeRecords(db: Database, requested: readonly string[]): Promise<ScopeRecord[]> {
  const extra = [...new Set(requested)].filter((id) => !isOpenIdScope(id));
  const named = new Map<string, string>();
  if (extra.length > 0) {
    for (const row of await db.select({ scopes: clients.scopes }).from(clients))
      for (const scope of row.scopes) if (!named.has(scope.id)) named.set(scope.id, scope.name);
  }
  return [...OPENID_SCOPES, ...extra.map((id) => ({ id, name: named.get(id) ?? id }))];
}

const secretRow = (clientId: string, secret: string, now: Date) => ({
  clientId,
  secretHash: sha256Hex(secret),
  createdAt: now,
});

const liveAt = (now: Date) => or(isNull(clientSecrets.expiresAt), gt(clientSecrets.expiresAt, now));

async function hasLiveSecret(ctx: RegistrationContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: clientSecrets.id })
    .from(clientSecrets)
    .where(and(eq(clientSecrets.clientId, id), liveAt(ctx.now)))
    .limit(1);
  return rows.length > 0;
}

/** Every secret of the client that would outlive `until` ends then instead. */
async function expireSecrets(db: Pick<Database, 'update'>, id: string, until: Date): Promise<void> {
  await db
    .update(clientSecrets)
    .set({ expiresAt: until })
    .where(and(eq(clientSecrets.clientId, id), liveAt(until)));
}

/**
 * 128 random bits, base64url: 22 characters that clientIdSchema accepts. One starting with `-` or `_`
 * is drawn again: an operator types it after the action (`rotate-secret -x…` would read as a flag).
 */
export function newClientId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}
