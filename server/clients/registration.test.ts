import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdSchema } from '../../api/contract/config.ts';
import { clientSecrets, clients } from '../db/schema.ts';
import { seed } from '../db/seed.ts';
import { sha256Hex } from '../security/tokens.ts';
import { createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';
import { parseClientsCommand, runClientsCommand } from './clients.commands.ts';
import { RegistrationError, redirectUriProblem, serverUriProblem } from './registration.contract.ts';
import {
  newClientId,
  type RegistrationContext,
  registerClient,
  rotateClientSecret,
  setClientDisabled,
  showClient,
  updateClient,
} from './registration.service.ts';

let server: TestServer;
const ctx = (): RegistrationContext => ({ db: server.db, now: server.now(), rules: { production: false } });
const acme = { name: 'Acme CRM', redirectUris: ['https://crm.example/cb'] };

beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const refusal = (work: Promise<unknown>) => expect(work).rejects.toBeInstanceOf(RegistrationError);

describe('registerClient', () => {
  it('makes a confidential client with a url-safe id and a 256-bit secret stored only as its hash', async () => {
    const { client, clientSecret } = await registerClient(ctx(), { ...acme, confidential: true });
    expect(client.client_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clientIdSchema.safeParse(client.client_id).success).toBe(true);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      require_pkce: true,
      first_party: false,
      id_token_signed_response_alg: 'RS256',
      scope: 'openid profile email phone offline_access',
      disabled_at: null,
    });
    const rows = await server.db
      .select()
      .from(clientSecrets)
      .where(eq(clientSecrets.clientId, client.client_id));
    expect(rows.map((row) => row.secretHash)).toEqual([sha256Hex(clientSecret ?? '')]);
    expect(JSON.stringify(client)).not.toContain(clientSecret);
  });

  it('adds the scopes asked for, named as other clients name them', async () => {
    const { client, clientSecret } = await registerClient(ctx(), {
      ...acme,
      scopes: ['openid', 'ReadAccounts', 'Custom'],
    });
    expect(clientSecret).toBeUndefined();
    expect(client.scope).toBe('openid profile email phone offline_access ReadAccounts Custom');
    const [row] = await server.db.select().from(clients).where(eq(clients.id, client.client_id));
    expect(row?.scopes.slice(-2)).toEqual([
      { id: 'ReadAccounts', name: 'Read your account and extension details' },
      { id: 'Custom', name: 'Custom' },
    ]);
  });

  it('refuses what would be unsafe or contradictory, naming the flag', async () => {
    await expect(registerClient(ctx(), { ...acme, requirePkce: false })).rejects.toThrow(
      '--no-require-pkce is for confidential clients only',
    );
    await expect(registerClient(ctx(), { ...acme, redirectUris: ['javascript:alert(1)'] })).rejects.toThrow(
      '--redirect-uri #1 must not use the javascript: scheme',
    );
    await expect(registerClient(ctx(), { ...acme, authMethod: 'private_key_jwt' })).rejects.toThrow(
      '--auth-method private_key_jwt needs --jwks-uri',
    );
    // Text PostgreSQL cannot store: refused by name, never a driver error.
    await expect(registerClient(ctx(), { ...acme, name: 'Acme\u0000' })).rejects.toThrow(
      '--name must not contain NUL characters',
    );
    await expect(
      registerClient(ctx(), {
        ...acme,
        redirectUris: ['https://acme.example/cb', 'https://acme.example/\ud800'],
      }),
    ).rejects.toThrow(/^--redirect-uri #2 must be well-formed Unicode text$/);
    await expect(registerClient(ctx(), { ...acme, brandId: '999999' })).rejects.toThrow(
      '--brand 999999 is not a brand of this server',
    );
    await refusal(registerClient(ctx(), { ...acme, confidential: true, authMethod: 'none' }));
    await refusal(registerClient(ctx(), { ...acme, redirectUris: [] }));
    await refusal(registerClient(ctx(), { ...acme, name: ' ' }));
    await refusal(registerClient(ctx(), { ...acme, scopes: ['bad"scope'] }));
  });

  it('keeps a confidential client without PKCE, a brand and a private_key_jwt key address', async () => {
    const { client, clientSecret } = await registerClient(ctx(), {
      ...acme,
      confidential: true,
      jwksUri: 'https://crm.example/jwks',
      requirePkce: false,
      brandId: '7710',
      idTokenAlg: 'ES256',
    });
    expect(clientSecret).toBeUndefined();
    expect(client).toMatchObject({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: 'https://crm.example/jwks',
      require_pkce: false,
      brand_id: '7710',
      id_token_signed_response_alg: 'ES256',
    });
  });
});

describe('client ids', () => {
  it('never start with a character a command line reads as a flag', () => {
    const ids = Array.from({ length: 2000 }, newClientId);
    expect(ids.every((id) => /^[A-Za-z0-9][A-Za-z0-9_-]{21}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('redirect and server URI rules', () => {
  it.each([
    ['https://crm.example/cb', undefined],
    ['http://127.0.0.1:49152/cb', undefined],
    ['http://[::1]:8080/cb', undefined],
    ['http://localhost/cb', undefined],
    ['com.example.app:/oauth2redirect', undefined],
    ['http://crm.example/cb', 'may use http only on 127.0.0.1, [::1] or localhost'],
    ['https://crm.example/cb#x', 'must not contain a fragment (#)'],
    ['https://user:pw@crm.example/cb', 'must not contain user info'],
    ['data:text/html,hi', 'must not use the data: scheme'],
    ['VBScript:msgbox', 'must not use the vbscript: scheme'],
    ['myapp:/cb', expect.stringContaining('private-use scheme')],
    ['/relative/cb', 'must be an absolute URI'],
  ])('%s', (uri, problem) => {
    expect(redirectUriProblem(uri)).toEqual(problem);
  });

  it('lets this server call plain http on a loopback host outside production only', () => {
    expect(serverUriProblem('http://127.0.0.1:9000/jwks', { production: false })).toBeUndefined();
    expect(serverUriProblem('http://127.0.0.1:9000/jwks', { production: true })).toBe('must be https');
    expect(serverUriProblem('http://partner.example/jwks', { production: false })).toMatch(/https/);
    expect(serverUriProblem('https://partner.example/logout', { production: true })).toBeUndefined();
  });
});

describe('managing a client', () => {
  it('set changes what is given and keeps the rest; confidentiality cannot change', async () => {
    const { client } = await registerClient(ctx(), { ...acme, confidential: true, firstParty: true });
    const { client: changed, clientSecret } = await updateClient(ctx(), client.client_id, {
      postLogoutRedirectUris: ['https://crm.example/bye'],
      authMethod: 'client_secret_post',
    });
    expect(clientSecret).toBeUndefined();
    expect(changed).toMatchObject({
      client_name: 'Acme CRM',
      first_party: true,
      token_endpoint_auth_method: 'client_secret_post',
      post_logout_redirect_uris: ['https://crm.example/bye'],
    });
    await expect(updateClient(ctx(), client.client_id, { authMethod: 'none' })).rejects.toThrow(
      'confidentiality cannot change',
    );
    await refusal(updateClient(ctx(), 'no-such-client', { name: 'x' }));
  });

  it('rotate-secret: the old secret keeps working for the overlap only', async () => {
    const { client, clientSecret: old } = await registerClient(ctx(), { ...acme, confidential: true });
    const at = ctx();
    const { clientSecret: fresh, client: rotated } = await rotateClientSecret(at, client.client_id, 2);
    expect(fresh).not.toBe(old);
    expect(rotated.secrets).toEqual([
      {
        created_at: expect.any(String),
        expires_at: new Date(at.now.getTime() + 2 * 3_600_000).toISOString(),
      },
      { created_at: expect.any(String), expires_at: null },
    ]);
    await refusal(rotateClientSecret(ctx(), client.client_id, -1));
    const publicOne = await registerClient(ctx(), acme);
    await refusal(rotateClientSecret(ctx(), publicOne.client.client_id));
  });

  it('disable and enable', async () => {
    const { client } = await registerClient(ctx(), acme);
    const at = ctx();
    expect((await setClientDisabled(at, client.client_id, true)).disabled_at).toBe(at.now.toISOString());
    expect((await setClientDisabled(ctx(), client.client_id, false)).disabled_at).toBeNull();
  });

  it('survives a re-seed unchanged', async () => {
    const { client } = await registerClient(ctx(), { ...acme, confidential: true, brandId: '7710' });
    await seed(server.db, ORIGIN);
    expect(await showClient(ctx(), client.client_id)).toEqual(client);
  });
});

describe('the clients command', () => {
  it('reads repeatable and negated flags', () => {
    const command = parseClientsCommand([
      'add',
      '--name',
      'Acme CRM',
      '--redirect-uri',
      'https://crm.example/cb',
      '--redirect-uri',
      'http://127.0.0.1:7000/cb',
      '--confidential',
      '--no-require-pkce',
      '--scope',
      'openid  ReadAccounts',
      '--brand',
      '',
      '--json',
    ]);
    expect(command).toEqual({
      action: 'add',
      id: undefined,
      confidential: true,
      overlapHours: undefined,
      json: true,
      settings: {
        name: 'Acme CRM',
        redirectUris: ['https://crm.example/cb', 'http://127.0.0.1:7000/cb'],
        requirePkce: false,
        scopes: ['openid', 'ReadAccounts'],
        brandId: null,
      },
    });
  });

  it.each([
    [[]],
    [['add', 'extra']],
    [['show']],
    [['frob']],
    [['add', '--colour', 'red']],
    [['show', '<id>']],
  ])('refuses %j as bad input', (argv) => {
    expect(() => parseClientsCommand(argv)).toThrow(RegistrationError);
  });

  it('add --json prints one JSON object with client_id and the secret', async () => {
    const argv = [
      'add',
      '--name',
      'Acme',
      '--redirect-uri',
      'https://crm.example/cb',
      '--confidential',
      '--json',
    ];
    const output = await runClientsCommand(ctx(), parseClientsCommand(argv));
    expect(output).not.toContain('\n');
    const printed = JSON.parse(output) as { client_id: string; client_secret: string };
    expect(printed.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await showClient(ctx(), printed.client_id)).toMatchObject({ client_name: 'Acme' });
    const listed = await runClientsCommand(ctx(), parseClientsCommand(['list']));
    expect(listed).toContain(`${printed.client_id}\tclient_secret_basic\tenabled\tAcme`);
  });
});
