import { describe, expect, it } from 'vitest';
import { completeNumber, credentialSegment, parseCredential } from './credential.ts';
import { maskCredential } from './maskCredential.ts';

describe('parseCredential (spec §5)', () => {
  it.each([
    ['', 'UI_ERROR_EMPTY_CREDENTIAL'],
    ['   ', 'UI_ERROR_EMPTY_CREDENTIAL'],
    ['1234', 'UI_ERROR_INVALID_PHONE'],
    ['+1 (2) 3', 'UI_ERROR_INVALID_PHONE'],
    ['6505550100*0101', 'UI_ERROR_INVALID_EXT'],
    ['6505550100 ext 1a', 'UI_ERROR_INVALID_EXT'],
    ['ada@', 'UI_ERROR_EMAIL_NOT_FOUND'],
    ['ada\u0000@example.com', 'UI_ERROR_EMAIL_NOT_FOUND'],
    ['ada@exam\u0007ple.com', 'UI_ERROR_EMAIL_NOT_FOUND'],
    ['not an email@example', 'UI_ERROR_EMAIL_NOT_FOUND'],
    ['hello', 'UI_ERROR_CREDENTIAL_NOT_FOUND'],
    ['<script>alert(1)</script>', 'UI_ERROR_CREDENTIAL_NOT_FOUND'],
    ['a'.repeat(300), 'UI_ERROR_CREDENTIAL_NOT_FOUND'],
  ])('%j is refused with %s', (input, error) => {
    expect(parseCredential(input)).toEqual({ ok: false, error });
  });

  it('trims and lower-cases an email', () => {
    expect(parseCredential('  Ada@Example.com ')).toEqual({
      ok: true,
      credential: { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' },
    });
  });

  it.each([
    ['+1 650 555 0100', '+16505550100', ''],
    ['(650) 555-0100', '+16505550100', ''],
    ['+1 650 555 0100 ext 101', '+16505550100', '101'],
    ['+1 650 555 0100 ext. 101', '+16505550100', '101'],
    ['650-555-0100x101', '+16505550100', '101'],
    ['650-555-0100 X 101', '+16505550100', '101'],
    ['650 555 0100*101', '+16505550100', '101'],
    ['+16505550100#101', '+16505550100', '101'],
    ['+16505550100+101', '+16505550100', '101'],
    ['+44 20 7946 0018', '+442079460018', ''],
    ['6505550100,', '+16505550100', ''],
  ])('%j is the number %s with extension %j', (input, normalized, extension) => {
    const result = parseCredential(input);
    expect(result.ok).toBe(true);
    if (!result.ok || result.credential.kind !== 'number') throw new Error('expected a number');
    expect(result.credential.normalizedPhoneNumber).toBe(normalized);
    expect(result.credential.extension).toBe(extension);
  });

  it('builds the route segment with the extension after a hash', () => {
    const result = parseCredential('+1 650 555 0100 x101');
    if (!result.ok) throw new Error('expected ok');
    expect(credentialSegment(result.credential)).toBe('+16505550100#101');
  });
});

describe('maskCredential (spec §5)', () => {
  it.each([
    ['+16505550100', '******0100'],
    ['12345', '******2345'],
    ['1234', '***4'],
    ['12', '***2'],
    ['1', '1'],
    ['ada@example.com', 'a***a@e***e.com'],
    ['grace@example.co.uk', 'g***e@e***e.co.uk'],
  ])('%s → %s', (value, masked) => {
    expect(maskCredential(value)).toBe(masked);
  });
});

describe('completeNumber', () => {
  it.each([
    ['650 555 0100', '1', '+16505550100'],
    ['1 650 555 0100', '1', '+16505550100'],
    ['+44 20 7946 0018', '1', '+442079460018'],
    ['020 7946 0018', '44', '+442079460018'],
  ])('%s with calling code %s → %s', (typed, callingCode, e164) => {
    expect(completeNumber(typed, callingCode)).toBe(e164);
  });
});
