import fc from 'fast-check';

/**
 * Hostile values (docs/fuzzing.md): what a careless or malicious client puts where the contract expects
 * something else. Sizes stay at or under 100 KB, the bodies either side of the server's 64 KB limit.
 */

/** Longest generated string: past the 64 KB body limit, so both sides of it are tried. */
export const MAX_HOSTILE_BYTES = 100 * 1024;

/** JSON text that JSON.stringify cannot produce (1e400, NaN-looking numbers, deep nesting). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

/** Single characters (or escapes) that break storage, parsing or rendering when they get through. */
export const hostileCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constant('\u0000'),
  // Lone surrogates alone, two lows or two highs in a row, a pair the wrong way round.
  fc.constantFrom('\ud800', '\udfff', '\udf88\ude9d', '\udbff\udbff', '\udc00\ud800'),
  fc.constantFrom('\u202e', '\ufeff', '\u2028', '\u0085', '\uffff', '😀', '\u0301'),
  fc.constantFrom('%00', '%', '\\', '"', "'", '<', '&', '\r\n'),
  controlCharacter,
);

/** Strings that have broken parsers, databases, logs and pages before. */
const notorious = [
  '',
  ' ',
  '\u0000',
  'ada\u0000@example.com',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  '\u200f\u200e\u200b\u2060',
  '\ufeff',
  '\u2028\u2029',
  '🔥👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'İıſK',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '; DROP TABLE users; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, meant literally
  '${jndi:ldap://example.invalid/a}',
  '{{7*7}}',
  'javascript:alert(1)',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '0x1F',
  ' 1 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'a\r\nSet-Cookie: pwned=1',
  'https://evil.example/',
  '//evil.example',
  'http://localhost:8080/demo-app/callback#frag',
  'http://localhost:8080/demo-app/callback?x=1',
];

/** One character, repeated up to 100 KB: under and over the body limit, ASCII and multi-byte. */
const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u0000', '%', '\ud800', ' '),
    fc.integer({ min: 1_000, max: 60_000 }),
  )
  .chain(([unit, count]) =>
    fc.constantFrom(
      unit.repeat(Math.floor(count / unit.length)),
      unit.repeat(Math.floor(MAX_HOSTILE_BYTES / 2 / unit.length)),
    ),
  );

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...notorious), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 2 },
  { arbitrary: fc.string({ unit: controlCharacter, minLength: 1, maxLength: 16 }), weight: 1 },
  {
    arbitrary: fc
      .array(fc.oneof(loneSurrogate, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join('')),
    weight: 1,
  },
  { arbitrary: hugeString, weight: 1 },
);

/** Numbers JSON can carry and a few it cannot (as raw text), and strings that look like numbers. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    Number.MIN_VALUE,
    2 ** 31,
    -(2 ** 31) - 1,
  ),
  fc
    .constantFrom('1e400', '-1e400', '1E-400', '-0.0', '123456789012345678901234567890')
    .map((text) => new RawJson(text)),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e308', '0x10', '1_000', ' 42 ', '４２', '٤٢'),
  fc.double(),
);

/** Deeply nested arrays or objects, as raw text (JSON.stringify would recurse as deep). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 64, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Anything but what was there: the field's type is wrong, whatever it was. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, -1, '', [], {}, [null], { length: 1 }),
  hostileNumber,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  deepNesting,
);

/** Keys that pollute prototypes when a server merges input into an object carelessly. */
export const pollutingKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
);
export const pollutingPayload = fc.constantFrom<unknown>(
  { isAdmin: true, polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  'polluted',
  null,
  [],
);

/** Ways to break a body's JSON text: replace it, cut it short, or add to either end. */
export const breakJson: fc.Arbitrary<(body: string) => string> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      '{',
      '}',
      '{"a":1,}',
      "{'clientId':'demo-app'}",
      '{"a":NaN}',
      '/* comment */ {}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '\u0000',
      '[1,2',
      '{"a":1}{"b":2}',
      '\ufeff{}',
    )
    .map((text) => () => text),
  fc.nat().map((at) => (body: string) => body.slice(0, at % (body.length + 1))),
  fc.constantFrom('\ufeff', ' \n\t', 'x').map((prefix) => (body: string) => prefix + body),
  fc.constantFrom('}', ']', ',', '\u0000', ' garbage').map((suffix) => (body: string) => body + suffix),
);

/** Raw query text a URL parser keeps as it is: bad escapes, invalid UTF-8, odd structure, size. */
export const rawQueryJunk: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz=1',
    'a=%',
    'clientId=%00',
    'clientId=%ED%A0%80',
    'clientId=%FF%FE',
    'clientId=%C0%AF',
    '&&&=&==',
    'a=b=c',
    'a[]=1&a[]=2',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'clientId',
    '=demo-app',
    '+=+',
    ';clientId=demo-app',
  ),
  fc.integer({ min: 1_000, max: 60_000 }).map((length) => `junk=${'a'.repeat(length)}`),
  fc
    .integer({ min: 100, max: 5_000 })
    .map((count) => Array.from({ length: count }, (_, i) => `k${i}=v`).join('&')),
);

/** Header values must be ByteStrings without CR, LF or NUL, or the request is never built. */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 64,
});

export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom(
    { cookie: 'foyer_session=not-a-session' },
    { cookie: 'foyer_session=; foyer_session=x; foyer_session=%00' },
    { cookie: `foyer_session=${'a'.repeat(8_000)}` },
    { cookie: '=; ;;; =x; a' },
    { 'accept-language': '*;q=abc, ;;, en-US;q=2, zz-ZZZZZZZZ' },
    { 'accept-language': 'x'.repeat(4_000) },
    { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *' },
    { 'x-forwarded-for': '999.1.1.1, ::ffff:zz, ' },
    { origin: 'https://evil.example' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'content-length': '999999' },
    { 'user-agent': 'Mozilla/5.0'.repeat(500) },
  ),
  fc.record({ cookie: headerText.map((value) => `foyer_session=${value}`) }),
  fc.record({ 'accept-language': headerText }),
);
