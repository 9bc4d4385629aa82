import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/* The generator runs under plain Node with the real ICU parser, exactly as npm run i18n:compile runs it. */
const script = join(import.meta.dirname, 'generate-pseudo.ts');

function run(catalogue: string) {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-pseudo-'));
  const source = join(dir, 'en_US.json');
  writeFileSync(source, catalogue);
  const result = spawnSync(process.execPath, [script, source, dir], { encoding: 'utf8' });
  return { ...result, target: join(dir, 'en_ZZ.json'), bidiTarget: join(dir, 'rc_XX.json') };
}

describe('generate-pseudo', () => {
  it('prints each message back as valid ICU with placeholders, plurals, tags and quotes intact', () => {
    const result = run(
      JSON.stringify({
        plural: 'You have {count, plural, one {# code} other {# codes}}',
        tag: 'Read <b>the terms</b> of {brand}',
        quoted: "Don't '{'quote'}' it",
        number: 'Paid {amount, number, ::currency/GBP}',
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(readFileSync(result.target, 'utf8'))).toEqual({
      plural: '[Ýöũ ĥàṽé {count,plural,one{# çöďé} other{# çöďéš}} ļöŕéɱ]',
      tag: '[Ŕéàď <b>ţĥé ţéŕɱš</b> öƒ {brand} ļöŕéɱ]',
      quoted: "[Ðöñ'ţ '{ǫũöţé}' ĩţ ļöŕéɱ]",
      number: '[Þàĩď {amount, number, ::currency/GBP} ļ]',
    });
  });

  it('writes the right-to-left pseudo locale with every word mirrored and arguments intact', () => {
    const result = run(JSON.stringify({ plural: 'You have {count, plural, one {# code} other {# codes}}' }));
    expect(result.status).toBe(0);
    const mirrored = (word: string) => `\u200F\u202E${word}\u202C\u200F`;
    expect(JSON.parse(readFileSync(result.bidiTarget, 'utf8'))).toEqual({
      plural: `${mirrored('You')} ${mirrored('have')} {count,plural,one{# ${mirrored('code')}} other{# ${mirrored('codes')}}}`,
    });
  });

  it('fails with the id of a message that is not valid ICU', () => {
    const result = run(JSON.stringify({ 'credential.title': 'Sign {in' }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Message "credential.title" is not valid ICU');
  });

  it('fails clearly on a catalogue that is not flat', () => {
    const result = run(JSON.stringify({ credential: { title: 'Sign in' } }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('must be a flat object of message id to ICU message');
  });
});
