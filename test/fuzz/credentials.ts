import fc from 'fast-check';
import type { AuthorizationKind } from './endpoint.ts';
import type { Hints } from './zodArbitrary.ts';

/**
 * Authorization headers (docs/fuzzing.md): for an endpoint that reads one, a request goes without, with
 * a live credential the server issued (a confidential client's HTTP Basic, an access token, METRICS_TOKEN),
 * with one of those spoilt, or with a hostile header.
 */

/** Where live.oidc.ts leaves the live credentials of each kind among the hints. */
export const authorizationHint = (kind: AuthorizationKind) => `Authorization: ${kind}`;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Header values are ByteStrings without CR, LF or NUL, else the request is never built. */
const headerUnit = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code !== 0x7f)
  .map((code) => String.fromCharCode(code));
const headerText = fc.string({ unit: headerUnit, maxLength: 64 });
/** What a Basic header may carry once decoded: anything, control characters, lone surrogates and NUL too. */
const decodedText = fc.oneof(
  fc.string({ maxLength: 32 }),
  fc.string({ unit: 'binary', maxLength: 32 }),
  fc.constantFrom('', '%', '%zz', '%00', '\u0000', '\ud800', '+', ':', 'demo-app', 'a'.repeat(600)),
);

/** Authorization headers that have broken parsers: schemes, spacing, padding, encodings, sizes. */
export const hostileAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'Basic',
    'Basic ',
    'Basic  ',
    'Basic ====',
    'Basic !!!',
    'Basic Og==',
    `Basic ${base64('no-colon')}`,
    `Basic ${base64(':secret')}`,
    `Basic ${base64('demo-app:')}`,
    `Basic ${base64('%zz:%zz')}`,
    `Basic ${base64(`demo-app:${'x'.repeat(600)}`)}`,
    `Basic ${base64(`${'a'.repeat(5_000)}:x`)}`,
    `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc0, 0xaf]).toString('base64')}`,
    'Bearer',
    'Bearer ',
    'Bearer a b',
    'Bearer ===',
    'Bearer =abc',
    `Bearer ${'a'.repeat(8_000)}`,
    // alg none, and a JWT that is not one
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.',
    'Bearer eyJ.eyJ.eyJ',
    'Bearer ....',
    'Negotiate YII=',
    'Digest username="x", realm="foyer"',
    'Basic\tZGVtby1hcHA6eA==',
    'Bearer, Basic ZGVtby1hcHA6eA==',
  ),
  fc.tuple(decodedText, decodedText).map(([id, secret]) => `Basic ${base64(`${id}:${secret}`)}`),
  fc
    .tuple(fc.constantFrom('Basic', 'Bearer', 'basic', 'BEARER', 'Token', ''), headerText)
    .map(([scheme, rest]) => `${scheme} ${rest}`),
  headerText,
);

/** A live credential made slightly wrong: one character changed, cut short, longer, or the scheme's case. */
const spoilt = (credential: string) =>
  fc.tuple(fc.nat(), fc.constantFrom('flip', 'cut', 'append', 'case', 'space')).map(([at, how]) => {
    const position = credential.indexOf(' ') + 1 + (at % Math.max(1, credential.length - 1));
    switch (how) {
      case 'flip':
        return `${credential.slice(0, position)}${credential[position] === 'A' ? 'B' : 'A'}${credential.slice(position + 1)}`;
      case 'cut':
        return credential.slice(0, position);
      case 'append':
        return `${credential}x`;
      case 'case':
        return credential.replace(/^\S+/, (scheme) => scheme.toUpperCase());
      default:
        return credential.replace(' ', '   ');
    }
  });

/**
 * The Authorization header of a generated request to an endpoint reading `kind`: none (two in seven),
 * live (two), spoilt live (one), hostile (two).
 */
export function authorizationOf(kind: AuthorizationKind, hints: Hints): fc.Arbitrary<string | undefined> {
  const live = (hints.get(authorizationHint(kind)) ?? []) as string[];
  if (live.length === 0) return fc.oneof(fc.constant(undefined), hostileAuthorization);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.constantFrom(...live), weight: 2 },
    { arbitrary: fc.constantFrom(...live).chain(spoilt), weight: 1 },
    { arbitrary: hostileAuthorization, weight: 2 },
  );
}
