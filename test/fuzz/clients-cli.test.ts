import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  OPTIONS,
  parseClientsCommand,
  runClientsCommand,
} from '../../server/clients/clients.commands.ts';
import { RegistrationError } from '../../server/clients/registration.contract.ts';
import { ID_TOKEN_ALGS, TOKEN_ENDPOINT_AUTH_METHODS } from '../../server/db/schema.ts';
import { DEMO_CLIENT_ID, SEED_BRANDS } from '../../server/db/seed-data.ts';
import { createTestServer, type TestServer } from '../../server/testing/harness.ts';
import { hostileString } from './hostile.ts';
import { seedFor } from './plan.ts';
import { wellFormed } from './wire.ts';

/**
 * Client registration is operators' work at the command line (`npm run clients`, server/clients): no HTTP
 * route registers a client. So its hostile input is fuzzed in process here, as the CLI runs it: argument
 * lists read by parseClientsCommand, then run by runClientsCommand against a seeded database of this
 * file's own. Every invocation prints, or is refused with a RegistrationError (the CLI's exit code 2);
 * anything else thrown, a hang or an unhandled rejection fails (docs/fuzzing.md). One invocation per 20
 * bodies of FUZZ_BODIES: 500 in CI, 5,000 in `npm run fuzz`.
 */

const bodies = Number(process.env.FUZZ_BODIES ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20_260_426);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
const invocations = Math.max(50, Math.ceil(bodies / 20));

/** What a shell can pass: no NUL (it ends a C string), no lone surrogate (argv is decoded as UTF-8). */
const shellText = hostileString.map((text) => wellFormed(text).replaceAll('\u0000', ''));
const uris = [
  'https://acme.example/callback',
  'http://127.0.0.1:9/callback',
  'http://[::1]/cb',
  'com.example.app:/callback',
  'javascript:alert(1)',
  'http://evil.example/callback',
  'https://acme.example/callback#fragment',
  'https://user:pass@acme.example/',
  'https://acme.example/\u202e',
  '',
];
/** Values an operator might type, flag by flag; each flag also gets hostile text. */
const typical: Record<string, readonly string[]> = {
  name: ['Acme', ' ', 'x'.repeat(101), 'Acme\tCorp'],
  'redirect-uri': uris,
  'post-logout-uri': uris,
  brand: [...SEED_BRANDS.map((brand) => brand.id).slice(0, 3), 'no-such-brand', ''],
  'backchannel-logout-uri': uris,
  'jwks-uri': uris,
  'auth-method': [...TOKEN_ENDPOINT_AUTH_METHODS, 'secret', 'NONE'],
  'id-token-alg': [...ID_TOKEN_ALGS, 'HS256', 'none'],
  scope: ['openid ReadAccounts', 'ReadAccounts', '"', 'a\\b', ' ', 'x'.repeat(65)],
  'overlap-hours': ['0', '24', '720', '721', '9999', '-1', '1e3', '１'],
};

const flagValue = (flag: string) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(typical[flag] ?? [''])), weight: 3 },
    { arbitrary: shellText, weight: 1 },
  );
type Arguments = readonly string[];
/** Mostly well-formed (a value for each string flag), now and then not: a missing value, `--flag=` on a switch. */
const flagArguments: fc.Arbitrary<Arguments> = fc.constantFrom(...Object.entries(OPTIONS)).chain(
  ([flag, option]): fc.Arbitrary<Arguments> =>
    option.type === 'boolean'
      ? fc.oneof(
          { arbitrary: fc.constantFrom([`--${flag}`], [`--no-${flag}`]), weight: 19 },
          { arbitrary: fc.constant([`--${flag}=yes`]), weight: 1 },
        )
      : fc.oneof(
          // A value starting with `-` must be attached, as an operator would have to write it.
          {
            arbitrary: flagValue(flag).map((value) =>
              value.startsWith('-') ? [`--${flag}=${value}`] : [`--${flag}`, value],
            ),
            weight: 15,
          },
          { arbitrary: flagValue(flag).map((value) => [`--${flag}=${value}`]), weight: 14 },
          { arbitrary: fc.constant([`--${flag}`]), weight: 1 },
        ),
);
/** One invocation in ten carries something the CLI does not take: an unknown flag, an extra positional. */
const strayArguments: fc.Arbitrary<Arguments> = fc.oneof(
  { arbitrary: fc.constant([]), weight: 9 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(['--nope'], ['-x'], ['--'], ['-'], ['--json', '--json']),
      shellText.map((text) => [text]),
    ),
    weight: 1,
  },
);

function argvArbitrary(ids: readonly string[]) {
  return fc
    .record({
      action: fc.oneof(
        { arbitrary: fc.constantFrom(...ACTIONS), weight: 8 },
        { arbitrary: fc.constantFrom('', 'ADD', '--help', 'remove'), weight: 1 },
        { arbitrary: shellText, weight: 1 },
      ),
      id: fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: shellText, weight: 1 }),
      flags: fc.array(flagArguments, { maxLength: 6 }),
      stray: strayArguments,
      flagsFirst: fc.boolean(),
      production: fc.boolean(),
    })
    .map(({ action, id, flags, stray, flagsFirst, production }) => {
      // add and list take no id; the others need one.
      const positionals = action === 'add' || action === 'list' ? [action] : [action, id];
      const options = [...flags.flat(), ...stray];
      return { argv: flagsFirst ? [...options, ...positionals] : [...positionals, ...options], production };
    });
}

class Hang extends Error {}
const within = <T>(work: Promise<T>) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Hang(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

type Outcome = 'refused while parsing' | 'refused' | 'printed';

/** How an invocation ended as the CLI would end it, or else (a string) what went wrong. */
async function outcomeOf(server: TestServer, argv: string[], production: boolean): Promise<Outcome | string> {
  let parsed = false;
  try {
    const command = parseClientsCommand(argv);
    parsed = true;
    const ctx = { db: server.db, now: server.now(), rules: { production } };
    const printed = await within(runClientsCommand(ctx, command));
    if (command.json) JSON.parse(printed);
    return 'printed';
  } catch (error) {
    if (error instanceof RegistrationError) return parsed ? 'refused' : 'refused while parsing';
    return error instanceof Hang ? `hang: ${error.message}` : `threw ${String(error).slice(0, 300)}`;
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

describe('npm run clients, with hostile arguments', () => {
  it(
    'prints or refuses with a RegistrationError, in time, without leaving a rejection',
    async () => {
      const escaped: string[] = [];
      const onRejection = (reason: unknown) => escaped.push(`unhandled rejection: ${String(reason)}`);
      process.on('unhandledRejection', onRejection);
      const failures: string[] = [];
      const ids = [DEMO_CLIENT_ID, 'no-such-app'];
      const outcomes = new Map<string, number>();
      const listIds = async () => {
        const list = parseClientsCommand(['list', '--json']);
        const ctx = { db: server.db, now: server.now(), rules: { production: false } };
        return (JSON.parse(await runClientsCommand(ctx, list)) as { client_id: string }[]).map(
          (client) => client.client_id,
        );
      };
      try {
        // Rounds of 20, each seeded on its own; ids registered by earlier rounds are offered to later ones.
        for (let round = 0; round * 20 < invocations && failures.length < 20; round += 1) {
          const samples = fc.sample(argvArbitrary(ids), {
            seed: seedFor(seed, 'npm run clients', round),
            numRuns: Math.min(20, invocations - round * 20),
          });
          for (const [offset, { argv, production }] of samples.entries()) {
            const outcome = await outcomeOf(server, argv, production);
            const known = outcome === 'printed' || outcome.startsWith('refused');
            if (!known)
              failures.push(`#${round * 20 + offset} ${JSON.stringify(argv).slice(0, 400)}: ${outcome}`);
            outcomes.set(known ? outcome : 'failed', (outcomes.get(known ? outcome : 'failed') ?? 0) + 1);
          }
          ids.splice(2, ids.length, ...(await listIds()).slice(-8));
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        process.off('unhandledRejection', onRejection);
      }
      const counts = [...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
      console.log(`fuzz: npm run clients, ${invocations} invocations (seed ${seed}): ${counts}`);
      expect(escaped, 'unhandled rejections').toEqual([]);
      expect(failures, 'invocations that neither printed nor were refused').toEqual([]);
    },
    Math.max(60_000, invocations * 100),
  );
});
