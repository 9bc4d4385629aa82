import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLocalStorage,
  browserSessionStorage,
  readStoredSignIn,
  writeStoredSignIn,
} from './persistence.ts';
import { browserInput } from './signIn.machine.ts';

const blocked = (name: 'localStorage' | 'sessionStorage') => {
  const original = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  return () => {
    if (original) Object.defineProperty(window, name, original);
  };
};

describe('storage (spec §3)', () => {
  const restores: (() => void)[] = [];
  afterEach(() => {
    for (const restore of restores.splice(0)) restore();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the sign-in of this tab, never anything unreadable', () => {
    writeStoredSignIn(browserSessionStorage(), { credentialText: 'ada@example.com', authenticated: true });
    expect(readStoredSignIn(browserSessionStorage())).toEqual({
      credentialText: 'ada@example.com',
      authenticated: true,
    });
    sessionStorage.setItem('foyer.signIn', '{"credentialText": 42}');
    expect(readStoredSignIn(browserSessionStorage())).toEqual({});
    sessionStorage.setItem('foyer.signIn', 'not json');
    expect(readStoredSignIn(browserSessionStorage())).toEqual({});
  });

  it('a browser that blocks site data still starts: no storage, no resume, no error', () => {
    restores.push(blocked('localStorage'), blocked('sessionStorage'));
    expect(browserLocalStorage()).toBeUndefined();
    expect(browserSessionStorage()).toBeUndefined();
    expect(() => browserInput()).not.toThrow();
    expect(browserInput()).toMatchObject({ stored: {}, remembered: [] });
  });
});
