// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// public/browser-check.js run as a browser would run it, against a window whose features each test
// chooses (node:vm: its own Object, Array and Intl, so deleting one touches nothing else).
const source = readFileSync(join(import.meta.dirname, '../../public/browser-check.js'), 'utf8');

const ADDRESS = { pathname: '/', search: '?clientId=demo-app&brandId=1210', hash: '#/password' };
const NOTICE = `/unsupported-browser?from=${encodeURIComponent('/?clientId=demo-app&brandId=1210#/password')}`;

type Change = (window: Record<string, unknown>) => void;

function runCheck(change: Change = () => {}) {
  const replace = vi.fn();
  const context: Record<string, unknown> = {
    URL: { canParse: () => true },
    fetch: () => undefined,
    AbortController: class {},
    document: { createElement: () => ({ noModule: false }) },
    location: { ...ADDRESS, replace },
  };
  context.window = context;
  change(context);
  runInNewContext(source, context);
  return replace;
}

const intl = (w: Record<string, unknown>) => runInNewContext('Intl', w) as Record<string, unknown>;

describe('public/browser-check.js', () => {
  it('does nothing where everything the app uses is there', () => {
    expect(runCheck()).not.toHaveBeenCalled();
  });

  it.each<[string, Change]>([
    ['JavaScript modules', (w) => (w.document = { createElement: () => ({}) })],
    ['URL.canParse (the contract’s URL check)', (w) => (w.URL = function URL() {})],
    ['Object.hasOwn', (w) => runInNewContext('delete Object.hasOwn', w)],
    ['Array.prototype.at', (w) => runInNewContext('delete Array.prototype.at', w)],
    ['fetch', (w) => delete w.fetch],
    ['AbortController', (w) => delete w.AbortController],
    ['globalThis', (w) => runInNewContext('delete this.globalThis', w)],
    ['Intl.getCanonicalLocales', (w) => delete intl(w).getCanonicalLocales],
    ['Intl.PluralRules', (w) => delete intl(w).PluralRules],
    ['Intl.DisplayNames', (w) => delete intl(w).DisplayNames],
    ['Intl itself', (w) => runInNewContext('delete this.Intl', w)],
    ['URL itself (reading it throws)', (w) => delete w.URL],
  ])('without %s: the notice, with the address to carry on from', (_, change) => {
    const replace = runCheck(change);
    expect(replace).toHaveBeenCalledOnce();
    expect(replace).toHaveBeenCalledWith(NOTICE);
  });

  it('keeps a bare address as it is', () => {
    const replace = runCheck((w) => {
      w.location = {
        pathname: '/',
        search: '',
        hash: '',
        replace: (w.location as { replace: unknown }).replace,
      };
      delete w.fetch;
    });
    expect(replace).toHaveBeenCalledWith('/unsupported-browser?from=%2F');
  });

  it('is ES5: no syntax an old engine could not parse', () => {
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code).not.toMatch(/=>|`|\b(?:let|const|class|async|await|import|export)\b|\?\?|\?\./);
  });
});
