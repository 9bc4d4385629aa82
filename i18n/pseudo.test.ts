import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { accentText, paddingFor, pseudoLocalise } from './pseudo.ts';

/*
 * ASTs are written by hand (as formatjs emits them) because the ICU parser is aliased out of this
 * build; generate-pseudo.test.ts covers the parse-and-print path under Node.
 */
const ast = (json: unknown) => json as MessageFormatElement[];

function format(elements: MessageFormatElement[], values?: Record<string, string | number>): string {
  const intl = createIntl({ locale: 'en', messages: { message: elements } });
  return String(intl.formatMessage({ id: 'message' }, values));
}

describe('accentText', () => {
  it('accents every latin letter and keeps everything else', () => {
    expect(accentText('Sign in, Ray ID: 42!')).toBe('Šĩĝñ ĩñ, Ŕàý ÎÐ: 42!');
    expect(accentText('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')).not.toMatch(/[a-zA-Z]/);
  });
});

describe('paddingFor', () => {
  it('adds about 35% of the text length, none for empty text', () => {
    expect(paddingFor(0)).toBe('');
    expect(paddingFor(100).length).toBeGreaterThanOrEqual(33);
    expect(paddingFor(100).length).toBeLessThanOrEqual(35);
  });
});

describe('pseudoLocalise', () => {
  it('brackets, accents and lengthens plain text', () => {
    const source = 'Enter your password';
    const text = format(pseudoLocalise(ast([{ type: 0, value: source }])));
    expect(text).toMatch(/^\[Éñţéŕ ýöũŕ þàššŵöŕď .+\]$/);
    expect(text.length / source.length).toBeGreaterThan(1.3);
    expect(text.length / source.length).toBeLessThan(1.5);
  });

  it('keeps arguments so the pseudo message takes the same values', () => {
    const source = ast([
      { type: 0, value: 'to continue to ' },
      { type: 1, value: 'appName' },
    ]);
    expect(format(pseudoLocalise(source), { appName: 'Acme Notes' })).toMatch(
      /^\[ţö çöñţĩñũé ţö Acme Notes .+\]$/,
    );
  });

  it('keeps plural keys and # while accenting each branch', () => {
    const source = ast([
      {
        type: 6,
        value: 'count',
        offset: 0,
        pluralType: 'cardinal',
        options: {
          one: { value: [{ type: 7 }, { type: 0, value: ' try left' }] },
          other: { value: [{ type: 7 }, { type: 0, value: ' tries left' }] },
        },
      },
    ]);
    const pseudo = pseudoLocalise(source);
    expect(format(pseudo, { count: 1 })).toMatch(/^\[1 ţŕý ļéƒţ .+\]$/);
    expect(format(pseudo, { count: 3 })).toMatch(/^\[3 ţŕĩéš ļéƒţ .+\]$/);
  });

  it('keeps select keys and tag names', () => {
    const source = ast([
      {
        type: 5,
        value: 'kind',
        options: {
          sms: { value: [{ type: 0, value: 'text' }] },
          other: { value: [{ type: 0, value: 'call' }] },
        },
      },
      { type: 0, value: ' ' },
      { type: 8, value: 'b', children: [{ type: 0, value: 'now' }] },
    ]);
    const intl = createIntl({ locale: 'en', messages: { message: pseudoLocalise(source) } });
    const parts = intl.formatMessage(
      { id: 'message' },
      { kind: 'sms', b: (chunks) => `<${chunks.join('')}>` },
    );
    expect([parts].flat().join('')).toMatch(/^\[ţéẋţ <ñöŵ> .+\]$/);
  });

  it('turns an empty message into empty brackets', () => {
    expect(format(pseudoLocalise([]))).toBe('[]');
  });
});
