import { ORIGIN } from '../../server/testing/harness.ts';
import type { Endpoint } from './endpoint.ts';
import { RawJson } from './hostile.ts';

/** A request as it goes out: everything a mutation may touch, before it becomes a fetch Request. */
export interface Wire {
  method: string;
  path: string;
  /** Raw query text without `?`; mutations may make it anything a URL can carry. */
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The string with lone surrogates replaced (String#toWellFormed, ES2024): they cannot be percent-encoded. */
export const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const placeholder = (index: number) => `@@fuzz-raw-${index}@@`;

/** JSON text of a generated value, with RawJson fragments spliced in verbatim. */
export function jsonText(value: unknown): string {
  const fragments: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return typeof item === 'bigint' ? String(item) : item;
    fragments.push(item.text);
    return placeholder(fragments.length - 1);
  });
  if (text === undefined) return '';
  return fragments.reduce((json, fragment, index) => json.replace(`"${placeholder(index)}"`, fragment), text);
}

/** How a field's value reads as a query or form parameter: lists repeat the name, objects go as JSON. */
export function parameterPairs(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof RawJson)
    return value === undefined ? [] : [['value', parameterText(value)]];
  const pairs: [string, string][] = [];
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (Array.isArray(item)) for (const element of item) pairs.push([name, parameterText(element)]);
    else pairs.push([name, parameterText(item)]);
  }
  return pairs;
}

/** A value as parameter text; never String() on an object, whose own `toString` may be a hostile key. */
export function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'object' && value !== null) return jsonText(value);
  return String(value);
}

export const formText = (value: unknown) => new URLSearchParams(parameterPairs(value)).toString();

/** Headers a browser sends with a same-origin request; a POST also names its origin (server/http/same-origin.ts). */
export function browserHeaders(method: string): Record<string, string> {
  return method === 'GET'
    ? { 'sec-fetch-site': 'same-origin' }
    : { 'sec-fetch-site': 'same-origin', origin: ORIGIN };
}

/** The request a well-behaved client of this endpoint would send with `value` as its input. */
export function encode(endpoint: Endpoint, value: unknown): Wire {
  const method = endpoint.method === 'ALL' ? 'POST' : endpoint.method;
  // The OAuth back channel is called by apps' servers, not browsers: no browser headers there.
  const headers = endpoint.replies === 'oauth' ? {} : browserHeaders(method);
  const wire: Wire = { method, path: endpoint.path, query: '', headers, body: undefined };
  const { input } = endpoint;
  switch (input.kind) {
    case 'json': {
      // What api/client.ts sends: clientId in the query as well as in the body.
      const clientId = (value as { clientId?: unknown } | null)?.clientId;
      if (typeof clientId === 'string') wire.query = new URLSearchParams({ clientId }).toString();
      wire.headers['content-type'] = 'application/json';
      wire.body = jsonText(value);
      break;
    }
    case 'form':
      wire.headers['content-type'] = 'application/x-www-form-urlencoded';
      wire.body = formText(value);
      break;
    case 'query':
      wire.query = formText(value);
      break;
    case 'path':
      wire.path = input.build((value ?? {}) as Record<string, unknown>);
      break;
    case 'none':
    case 'middleware':
      break;
  }
  return wire;
}

/** The fetch Request init; GET and HEAD carry no body (the Request constructor refuses one). */
export function toRequest(wire: Wire): { url: string; init: RequestInit } {
  const url = `${wire.path}${wire.query === '' ? '' : `?${wire.query}`}`;
  const bodyless = wire.method === 'GET' || wire.method === 'HEAD';
  return {
    url,
    init: {
      method: wire.method,
      headers: wire.headers,
      ...(bodyless || wire.body === undefined ? {} : { body: wire.body }),
    },
  };
}

/** A short, printable account of a request for failure reports and replays. */
export function describeWire(wire: Wire): string {
  const clip = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
  const headers = Object.entries(wire.headers)
    .map(([name, value]) => `${name}: ${clip(value, 80)}`)
    .join('; ');
  const query = wire.query === '' ? '' : `?${clip(wire.query, 200)}`;
  const body = wire.body === undefined ? '' : ` body ${JSON.stringify(clip(wire.body, 300))}`;
  return `${wire.method} ${clip(wire.path, 200)}${query} [${headers}]${body}`;
}
