import { parseArgs } from 'node:util';
import { clientIdSchema } from '../../api/contract/config.ts';
import { type ClientSettings, type Registration, RegistrationError } from './registration.contract.ts';
import {
  listClients,
  type Registered,
  type RegistrationContext,
  registerClient,
  rotateClientSecret,
  setClientDisabled,
  showClient,
  updateClient,
} from './registration.service.ts';
import { summaryLine } from './registration.view.ts';

// `npm run clients -- <action> [ID] [flags]`: the command line read into a command, and run. The script
// (clients.cli.ts) only opens the database and prints; tests call these in process.

export const OPTIONS = {
  name: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-uri': { type: 'string', multiple: true },
  confidential: { type: 'boolean' },
  'first-party': { type: 'boolean' },
  brand: { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  'jwks-uri': { type: 'string' },
  'auth-method': { type: 'string' },
  'id-token-alg': { type: 'string' },
  scope: { type: 'string' },
  'require-pkce': { type: 'boolean' },
  'overlap-hours': { type: 'string' },
  json: { type: 'boolean' },
} as const;

export const USAGE = `Usage: npm run clients -- <action> [ID] [flags]
  add --name NAME --redirect-uri URI [--redirect-uri URI…] [--confidential] [settings]
  set ID [settings]            change what is given, keep the rest
  list | show ID
  rotate-secret ID [--overlap-hours N]   new secret; the old ones work N more hours (default 24)
  disable ID | enable ID
Settings: --post-logout-uri URI (repeatable) --first-party|--no-first-party --brand ID
  --backchannel-logout-uri URI --jwks-uri URI --auth-method none|client_secret_basic|client_secret_post|private_key_jwt
  --id-token-alg RS256|ES256 --scope "A B" --no-require-pkce|--require-pkce
  An empty value ("") clears --brand, --backchannel-logout-uri and --jwks-uri. --json: one JSON value.`;

type Action = 'add' | 'set' | 'list' | 'show' | 'rotate-secret' | 'disable' | 'enable';
export const ACTIONS: readonly Action[] = [
  'add',
  'set',
  'list',
  'show',
  'rotate-secret',
  'disable',
  'enable',
];

export interface ClientsCommand {
  action: Action;
  id: string | undefined;
  settings: Partial<ClientSettings>;
  confidential: boolean;
  overlapHours: number | undefined;
  json: boolean;
}

export function parseClientsCommand(argv: readonly string[]): ClientsCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, allowNegative: true });
  } catch (error) {
    throw new RegistrationError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [action, id, ...extra] = positionals;
  if (!ACTIONS.includes(action as Action)) throw new RegistrationError(USAGE);
  const needsId = action !== 'add' && action !== 'list';
  if (extra.length > 0 || (needsId ? id === undefined : id !== undefined)) throw new RegistrationError(USAGE);
  if (id !== undefined && !clientIdSchema.safeParse(id).success)
    throw new RegistrationError(`${id.slice(0, 64)} is not a client id`);
  const overlap = values['overlap-hours'];
  if (overlap !== undefined && !/^\d{1,4}$/.test(overlap))
    throw new RegistrationError('--overlap-hours must be a whole number of hours');
  return {
    action: action as Action,
    id,
    settings: settingsFrom(values),
    confidential: values.confidential ?? false,
    overlapHours: overlap === undefined ? undefined : Number(overlap),
    json: values.json ?? false,
  };
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** Only the flags given: `set` keeps everything else as it is. */
function settingsFrom(values: Values): Partial<ClientSettings> {
  const clearable = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const settings: Partial<Record<keyof ClientSettings, unknown>> = {
    name: values.name,
    redirectUris: values['redirect-uri'],
    postLogoutRedirectUris: values['post-logout-uri'],
    firstParty: values['first-party'],
    brandId: clearable(values.brand),
    backchannelLogoutUri: clearable(values['backchannel-logout-uri']),
    jwksUri: clearable(values['jwks-uri']),
    // Checked against the allowed values by the service's schema, which names the flag.
    authMethod: values['auth-method'],
    idTokenAlg: values['id-token-alg'],
    scopes: values.scope?.split(/\s+/).filter(Boolean),
    requirePkce: values['require-pkce'],
  };
  return Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  ) as Partial<ClientSettings>;
}

/** Runs the command and returns what to print. */
export async function runClientsCommand(ctx: RegistrationContext, command: ClientsCommand): Promise<string> {
  const { id = '', settings } = command;
  const print = (value: unknown) => (command.json ? JSON.stringify(value) : JSON.stringify(value, null, 2));
  const printRegistered = ({ client, clientSecret }: Registered) =>
    print(clientSecret ? { ...client, client_secret: clientSecret } : client);
  switch (command.action) {
    case 'add': {
      const registration = { ...settings, confidential: command.confidential } as Registration;
      return printRegistered(await registerClient(ctx, registration));
    }
    case 'set':
      if (command.confidential) throw new RegistrationError('--confidential is for add only');
      return printRegistered(await updateClient(ctx, id, settings));
    case 'list': {
      const views = await listClients(ctx);
      return command.json ? JSON.stringify(views) : views.map(summaryLine).join('\n');
    }
    case 'show':
      return print(await showClient(ctx, id));
    case 'rotate-secret':
      return printRegistered(await rotateClientSecret(ctx, id, command.overlapHours));
    case 'disable':
    case 'enable':
      return print(await setClientDisabled(ctx, id, command.action === 'disable'));
  }
}
