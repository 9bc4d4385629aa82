/**
 * Writes the pseudo catalogues en_ZZ (accented, a third longer) and rc_XX (right to left) from en_US:
 * `node i18n/generate-pseudo.ts [source] [target folder]`.
 * Runs at build time under Node (type stripping), so it may use the full ICU parser that the browser
 * bundle leaves out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { z } from 'zod';
import { pseudoBidi, pseudoLocalise } from './pseudo.ts';

const catalogueSchema = z.record(z.string(), z.string());

type Pseudo = typeof pseudoLocalise;
const PSEUDO_LOCALES: Readonly<Record<string, Pseudo>> = { en_ZZ: pseudoLocalise, rc_XX: pseudoBidi };

export function pseudoCatalogue(
  source: Readonly<Record<string, string>>,
  pseudo: Pseudo = pseudoLocalise,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => {
      try {
        return [id, printAST(pseudo(parse(message)))];
      } catch (error) {
        throw new Error(
          `Message "${id}" is not valid ICU: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }),
  );
}

function main(): void {
  const [source = fileURLToPath(new URL('./messages/en_US.json', import.meta.url))] = process.argv.slice(
    2,
    3,
  );
  const [folder = fileURLToPath(new URL('./messages/', import.meta.url))] = process.argv.slice(3, 4);
  const parsed = catalogueSchema.safeParse(JSON.parse(readFileSync(source, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${source} must be a flat object of message id to ICU message:\n${z.prettifyError(parsed.error)}`,
    );
  }
  for (const [localeId, pseudo] of Object.entries(PSEUDO_LOCALES)) {
    const target = join(folder, `${localeId}.json`);
    writeFileSync(target, `${JSON.stringify(pseudoCatalogue(parsed.data, pseudo), null, 2)}\n`);
    console.log(`Wrote ${Object.keys(parsed.data).length} pseudo messages to ${target}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
