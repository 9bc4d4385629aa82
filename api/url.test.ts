import { describe, expect, it } from 'vitest';
import { isSafeUrl } from './url.ts';

describe('isSafeUrl', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:x',
    'data:text/html,x',
    '',
  ])('refuses %j', (url) => expect(isSafeUrl(url)).toBe(false));
  it.each([
    'https://example.com/cb',
    'http://localhost:8080/demo-app/callback',
    'com.example.app:/callback',
    '/relative',
  ])('accepts %j', (url) => expect(isSafeUrl(url)).toBe(true));
});
