/**
 * Writes the en_ZZ pseudo catalogue from en_US: `node i18n/generate-pseudo.ts [source] [target]`.
 * Runs at build time under Node (type stripping), so it may use the full ICU parser that the browser
 * bundle leaves out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { z } from 'zod';
import { pseudoLocalise } from './pseudo.ts';

const catalogueSchema = z.record(z.string(), z.string());

export function pseudoCatalogue(source: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => {
      try {
        return [id, printAST(pseudoLocalise(parse(message)))];
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
  const [target = fileURLToPath(new URL('./messages/en_ZZ.json', import.meta.url))] = process.argv.slice(
    3,
    4,
  );
  const parsed = catalogueSchema.safeParse(JSON.parse(readFileSync(source, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${source} must be a flat object of message id to ICU message:\n${z.prettifyError(parsed.error)}`,
    );
  }
  writeFileSync(target, `${JSON.stringify(pseudoCatalogue(parsed.data), null, 2)}\n`);
  console.log(`Wrote ${Object.keys(parsed.data).length} pseudo messages to ${target}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
