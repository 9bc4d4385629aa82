import fc from 'fast-check';
import {
  breakJson,
  deepNesting,
  hostileCharacter,
  hostileHeaders,
  hostileNumber,
  hostileString,
  MAX_HOSTILE_BYTES,
  pollutingKey,
  pollutingPayload,
  rawQueryJunk,
  wrongType,
} from './hostile.ts';
import { formText, jsonText, type Wire, wellFormed } from './wire.ts';

/**
 * Hostile mutations of a valid-shaped input (docs/fuzzing.md). A value mutation changes the generated
 * input before it is encoded; a wire mutation changes the request after. Values are never changed in
 * place: fast-check may hand the same hinted object to several samples.
 */
export interface Mutation {
  name: string;
  value?: (value: unknown) => unknown;
  wire?: (wire: Wire, value: unknown) => Wire;
}

type Path = (string | number)[];
type Container = Record<string | number, unknown>;
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Every place in a value a mutation may aim at: the root, then each field and element (4 levels deep). */
function pathsOf(value: unknown, prefix: Path = [], found: Path[] = [[]]): Path[] {
  if (!isContainer(value) || prefix.length >= 4) return found;
  for (const key of Object.keys(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    found.push(path);
    pathsOf(value[key], path, found);
  }
  return found;
}

const copyOf = (value: Container): Container =>
  Array.isArray(value) ? ([...value] as unknown as Container) : { ...value };

/** `value` with the entry at `path` replaced (or, for `remove`, deleted); own `__proto__` keys stay own. */
function updateAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = isContainer(value) ? copyOf(value) : {};
  if (remove && rest.length === 0) {
    delete copy[head];
    return copy;
  }
  Object.defineProperty(copy, head, {
    value: updateAt(copy[head], rest, replacement, remove),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

const pick = <T>(items: T[], choice: number): T => items[choice % items.length] as T;
const fieldPaths = (value: unknown) => pathsOf(value).filter((path) => path.length > 0);

/** Replaces the value at one of its places, chosen by `choice`, by `replacement`. */
const replacing = (name: string, replacements: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.nat(), replacements).map(
    ([choice, replacement]): Mutation => ({
      name,
      value: (value) => {
        const fields = fieldPaths(value);
        return updateAt(value, fields.length > 0 ? pick(fields, choice) : [], replacement);
      },
    }),
  );

/** Where strings are: splicing a character into one keeps the rest of the value as valid as it was. */
const stringPaths = (value: unknown) =>
  fieldPaths(value).filter((path) => typeof valueAt(value, path) === 'string');
const valueAt = (value: unknown, path: Path) =>
  path.reduce<unknown>((item, key) => (isContainer(item) ? item[key] : undefined), value);
const spliced = (text: string, piece: string, at: number) => {
  const position = at % (text.length + 1);
  return text.slice(0, position) + piece + text.slice(position);
};

const spliceOne = fc.tuple(fc.nat(), fc.nat(), hostileCharacter).map(([choice, at, piece]) => ({
  name: `spliced ${JSON.stringify(piece)}`,
  value: (value: unknown) => {
    const strings = stringPaths(value);
    if (strings.length === 0) return value;
    const path = pick(strings, choice);
    return updateAt(value, path, spliced(valueAt(value, path) as string, piece, at));
  },
}));

const spliceEvery = fc.tuple(fc.nat(), hostileCharacter).map(([at, piece]) => ({
  name: `spliced ${JSON.stringify(piece)} into every string`,
  value: (value: unknown) =>
    stringPaths(value).reduce(
      (current, path) => updateAt(current, path, spliced(valueAt(current, path) as string, piece, at)),
      value,
    ),
}));

/** Sets a field the schema names, present in the generated value or not (optional ones often are not). */
const namedField = (fields: readonly string[]) =>
  fc.tuple(fc.constantFrom(...fields), fc.oneof(hostileString, wrongType)).map(([field, replacement]) => ({
    name: `hostile ${field}`,
    value: (value: unknown) => updateAt(value, [field], replacement),
  }));

const valueMutations: fc.Arbitrary<Mutation>[] = [
  fc.nat().map((choice) => ({
    name: 'missing field',
    value: (value: unknown) => {
      const fields = fieldPaths(value);
      return fields.length > 0 ? updateAt(value, pick(fields, choice), undefined, true) : value;
    },
  })),
  replacing('wrong type', wrongType),
  replacing('hostile string', hostileString),
  replacing('hostile number', hostileNumber),
  replacing('deep nesting', deepNesting),
  fc
    .dictionary(fc.string({ maxLength: 16 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 })
    .map((extra) => ({
      name: 'extra fields',
      value: (value: unknown) =>
        isContainer(value) && !Array.isArray(value) ? { ...value, ...extra } : extra,
    })),
  fc.tuple(fc.nat(), pollutingKey, pollutingPayload).map(([choice, key, payload]) => ({
    name: `${key} key`,
    value: (value: unknown) => {
      const objects = pathsOf(value).filter((path) => isPlainObjectAt(value, path));
      return updateAt(value, [...(objects.length > 0 ? pick(objects, choice) : []), key], payload);
    },
  })),
  wrongType.map((body) => ({ name: 'body of another type', value: () => body })),
];

function isPlainObjectAt(value: unknown, path: Path): boolean {
  const found = path.reduce<unknown>((item, key) => (isContainer(item) ? item[key] : undefined), value);
  return isContainer(found) && !Array.isArray(found);
}

const contentTypes = [
  undefined,
  'text/plain',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/x-www-form-urlencoded',
  'application/json, application/x-www-form-urlencoded',
  'application/xml',
  ';;;',
];
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

const withHeaders = (wire: Wire, headers: Record<string, string | undefined>): Wire => {
  const merged: Record<string, string> = { ...wire.headers };
  for (const [name, value] of Object.entries(headers))
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  return { ...wire, headers: merged };
};

const wireMutations: fc.Arbitrary<Mutation>[] = [
  breakJson.map((breakIt) => ({
    name: 'broken JSON',
    wire: (wire: Wire) => ({ ...wire, body: breakIt(wire.body ?? '') }),
  })),
  fc.constantFrom(...contentTypes).map((type) => ({
    name: `content-type ${type ?? 'missing'}`,
    wire: (wire: Wire) => withHeaders(wire, { 'content-type': type }),
  })),
  fc.boolean().map((asForm) => ({
    name: asForm ? 'form body' : 'JSON body',
    wire: (wire: Wire, value: unknown) =>
      withHeaders(
        { ...wire, body: asForm ? formText(value) : jsonText(value) },
        { 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
      ),
  })),
  fc.tuple(fc.nat(), fc.oneof(hostileString, fc.constant('demo-app'))).map(([choice, extra]) => ({
    name: 'repeated parameter',
    wire: (wire: Wire) => {
      const inBody = wire.headers['content-type'] === 'application/x-www-form-urlencoded' && wire.body;
      const params = new URLSearchParams(inBody ? wire.body : wire.query);
      const names = [...new Set(params.keys())];
      params.append(names.length > 0 ? pick(names, choice) : 'clientId', wellFormed(extra));
      return inBody ? { ...wire, body: params.toString() } : { ...wire, query: params.toString() };
    },
  })),
  fc.oneof(fc.constant(''), fc.constant('demo-notes'), hostileString).map((clientId) => ({
    name: 'query clientId differs',
    wire: (wire: Wire) => ({ ...wire, query: clientId === '' ? '' : formText({ clientId }) }),
  })),
  rawQueryJunk.map((junk) => ({
    name: 'raw query junk',
    wire: (wire: Wire) => ({ ...wire, query: wire.query === '' ? junk : `${wire.query}&${junk}` }),
  })),
  fc
    .constantFrom('/', '//', '/%2e%2e', '/%00', '/%', '/%E0%A4%A', '/..', ';x=1', '/%ED%A0%80', '%20')
    .map((junk) => ({
      name: 'raw path junk',
      wire: (wire: Wire) => ({ ...wire, path: wire.path + junk }),
    })),
  hostileHeaders.map((headers) => ({
    name: 'hostile headers',
    wire: (wire: Wire) => withHeaders(wire, headers),
  })),
  fc.integer({ min: 60 * 1024, max: MAX_HOSTILE_BYTES }).map((size) => ({
    name: 'huge body',
    wire: (wire: Wire) => ({ ...wire, body: `{"clientId":"demo-app","x":"${'a'.repeat(size)}"}` }),
  })),
  fc.constantFrom(...methods).map((method) => ({
    name: `method ${method}`,
    wire: (wire: Wire) => ({ ...wire, method }),
  })),
];

/**
 * One hostile mutation for an endpoint whose input has these top-level fields: a character spliced into
 * its strings, a named field made hostile, another value mutation, or a request mutation.
 */
export function mutationOf(fields: readonly string[]): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { arbitrary: fc.oneof(spliceOne, spliceEvery), weight: 2 },
    { arbitrary: fields.length > 0 ? namedField(fields) : spliceOne, weight: 1 },
    { arbitrary: fc.oneof(...valueMutations), weight: 3 },
    { arbitrary: fc.oneof(...wireMutations), weight: 3 },
  );
}
