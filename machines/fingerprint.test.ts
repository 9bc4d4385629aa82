import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFingerprintScript } from './fingerprint.ts';
import { FINGERPRINT_FIELD_ID, readFingerprint } from './fingerprintValue.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const loaders = () => document.querySelectorAll('script[data-fingerprint-loader]');

describe('device fingerprint loader (spec §7, §9)', () => {
  it('adds a same-origin loader once', () => {
    expect(loadFingerprintScript('/fingerprint/loader.js')).toBe(true);
    expect(loadFingerprintScript('/fingerprint/loader.js')).toBe(true);
    expect(loaders()).toHaveLength(1);
    expect((loaders()[0] as HTMLScriptElement).src).toBe(
      new URL('/fingerprint/loader.js', document.baseURI).href,
    );
  });

  it.each([
    ['no URL', undefined],
    ['another origin', 'https://fraud.example/loader.js'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/javascript,alert(1)'],
  ])('refuses %s', (_, url) => {
    expect(loadFingerprintScript(url)).toBe(false);
    expect(loaders()).toHaveLength(0);
  });

  it('polls every 200 ms until the loader has written the value', async () => {
    vi.useFakeTimers();
    const field = document.createElement('input');
    field.id = FINGERPRINT_FIELD_ID;
    document.body.append(field);
    const result = readFingerprint();
    await vi.advanceTimersByTimeAsync(600);
    field.value = 'fp1:abc';
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('fp1:abc');
  });

  it('gives up after 5 s without a value, so sign-in goes on', async () => {
    vi.useFakeTimers();
    let settled = false;
    const result = readFingerprint().then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(4800);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBeUndefined();
  });
});
