/**
 * Holds a translated catalogue (i18n/messages/<locale>.json) to en_US and to its glossary
 * (i18n/glossary/<locale>.json): the same ids, the same ICU arguments, every plural category CLDR
 * requires for the language, no English left outside the allow-list, the glossary's key terms and
 * none of its avoided words. `npm run i18n:check -- <locale>…` prints the problems; the catalogue test
 * (i18n/catalogues.test.ts) runs the same check for every locale.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// Loaded by Node itself: the build (and Vitest with it) aliases this package to its parser-less
// variant, and this check needs the real parser (vite.config.ts).
const { parse, TYPE }: typeof import('@formatjs/icu-messageformat-parser') = createRequire(import.meta.url)(
  '@formatjs/icu-messageformat-parser',
);

import { z } from 'zod';
import { toLanguageTag } from './language-tag.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const catalogueSchema = z.record(z.string(), z.string());
const termsSchema = z.object({
  terms: z.record(z.string(), z.object({ en: z.string(), caseSensitive: z.optional(z.boolean()) })),
  names: z.object({ ids: z.array(z.string()) }),
});
const glossarySchema = z.object({
  locale: z.string(),
  register: z.string().min(1),
  terms: z.record(
    z.string(),
    z.object({
      term: z.string().min(1),
      accept: z.array(z.string().min(1)).min(1),
      exceptions: z.optional(z.record(z.string(), z.string().min(1))),
    }),
  ),
  avoid: z.optional(z.array(z.object({ pattern: z.string(), why: z.string().min(1) }))),
  sameAsEnglish: z.optional(z.record(z.string(), z.string().min(1))),
});
export type Glossary = z.infer<typeof glossarySchema>;

export const readCatalogue = (localeId: string): Record<string, string> =>
  catalogueSchema.parse(JSON.parse(readFileSync(here(`./messages/${localeId}.json`), 'utf8')));
export const readGlossary = (localeId: string): Glossary =>
  glossarySchema.parse(JSON.parse(readFileSync(here(`./glossary/${localeId}.json`), 'utf8')));
export const readTerms = () =>
  termsSchema.parse(JSON.parse(readFileSync(here('./glossary/terms.json'), 'utf8')));

/** Each argument as `name:type`, wherever it sits (plural branches, tags), sorted and unique. */
export function argumentsOf(elements: readonly MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const visit = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        visit(element.children);
        continue;
      }
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(elements);
  return [...found].sort();
}

/** The plural elements' category sets, each as the categories it gives (exact `=N` matches left out). */
function pluralCategoriesOf(elements: readonly MessageFormatElement[]): string[][] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.tag) return pluralCategoriesOf(element.children);
    if (element.type !== TYPE.plural && element.type !== TYPE.select) return [];
    const nested = Object.values(element.options).flatMap((option) => pluralCategoriesOf(option.value));
    if (element.type === TYPE.select) return nested;
    return [Object.keys(element.options).filter((key) => !key.startsWith('=')), ...nested];
  });
}

const CLDR_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
const languageOf = (localeId: string) => toLanguageTag(localeId).split('-')[0] ?? 'en';
/** English variants share en_US's words, so only their glossary (regional spelling) tells them apart. */
const isEnglish = (localeId: string) => languageOf(localeId) === 'en';

function parseOrProblem(id: string, text: string, problems: string[]) {
  try {
    return parse(text);
  } catch (error) {
    problems.push(`${id}: not valid ICU (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

export interface CatalogueSources {
  english: Record<string, string>;
  own: Record<string, string>;
  glossary: Glossary;
  terms: ReturnType<typeof readTerms>;
}

const readSources = (localeId: string): CatalogueSources => ({
  english: readCatalogue('en_US'),
  own: readCatalogue(localeId),
  glossary: readGlossary(localeId),
  terms: readTerms(),
});

/** Every problem of one locale's catalogue, as readable lines; none means the catalogue is clean. */
export function checkCatalogue(
  localeId: string,
  sources: CatalogueSources = readSources(localeId),
): string[] {
  const { english, own, glossary } = sources;
  const { terms, names } = sources.terms;
  const problems: string[] = [];
  if (glossary.locale !== localeId)
    problems.push(`glossary: names locale ${glossary.locale}, not ${localeId}`);

  for (const id of Object.keys(english)) if (!(id in own)) problems.push(`${id}: missing`);
  for (const id of Object.keys(own)) if (!(id in english)) problems.push(`${id}: not an en_US id`);

  // In CLDR's order, whatever order this ICU build lists them in.
  const required = [
    ...(new Intl.PluralRules(toLanguageTag(localeId)).resolvedOptions().pluralCategories as string[]),
  ].sort((a, b) => CLDR_ORDER.indexOf(a) - CLDR_ORDER.indexOf(b));
  const identicalAllowed = new Set([...names.ids, ...Object.keys(glossary.sameAsEnglish ?? {})]);
  for (const [id, englishText] of Object.entries(english)) {
    const text = own[id];
    if (text === undefined) continue;
    const englishAst = parseOrProblem(`en_US ${id}`, englishText, problems);
    const ast = parseOrProblem(id, text, problems);
    if (!englishAst || !ast) continue;
    const expected = argumentsOf(englishAst).join(', ');
    const actual = argumentsOf(ast).join(', ');
    if (expected !== actual) problems.push(`${id}: arguments [${actual}], en_US has [${expected}]`);
    for (const categories of pluralCategoriesOf(ast)) {
      const lacking = required.filter((category) => !categories.includes(category));
      const foreign = categories.filter((category) => !required.includes(category));
      if (lacking.length)
        problems.push(`${id}: plural lacks ${lacking.join(', ')} (${localeId} needs ${required.join(', ')})`);
      if (foreign.length)
        problems.push(`${id}: plural has ${foreign.join(', ')}, which ${localeId} never uses`);
    }
    if (!isEnglish(localeId) && text.trim() === englishText.trim() && !identicalAllowed.has(id))
      problems.push(`${id}: still the English text`);
    if (/\b(TODO|FIXME|XXX|TBD)\b/.test(text)) problems.push(`${id}: placeholder text`);
    // A mail client takes what touches a link into it: a link ends at a space or the message's end.
    if (text.includes('{link}') && !/\{link\}(?=\s|$)/.test(text))
      problems.push(`${id}: {link} must be followed by a space or end the message`);
  }

  for (const [termId, { en, caseSensitive }] of Object.entries(terms)) {
    const entry = glossary.terms[termId];
    if (!entry) {
      problems.push(`glossary: term ${termId} missing`);
      continue;
    }
    const englishPattern = new RegExp(en, caseSensitive ? 'u' : 'iu');
    const accepted = entry.accept.map((form) => form.toLocaleLowerCase(toLanguageTag(localeId)));
    for (const [id, englishText] of Object.entries(english)) {
      const text = own[id];
      if (text === undefined || !englishPattern.test(englishText) || entry.exceptions?.[id]) continue;
      const lower = text.toLocaleLowerCase(toLanguageTag(localeId));
      if (!accepted.some((form) => lower.includes(form)))
        problems.push(`${id}: glossary term ${termId} ("${entry.term}") not used`);
    }
  }
  for (const { pattern, why } of glossary.avoid ?? []) {
    const avoided = new RegExp(pattern, 'iu');
    for (const [id, text] of Object.entries(own))
      if (avoided.test(text)) problems.push(`${id}: avoided ${JSON.stringify(pattern)} (${why})`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const locales = process.argv.slice(2);
  if (locales.length === 0) {
    console.error('Usage: npm run i18n:check -- <locale> [<locale>…]');
    process.exitCode = 2;
  }
  for (const localeId of locales) {
    let problems: string[];
    try {
      problems = checkCatalogue(localeId);
    } catch (error) {
      problems = [
        `cannot read the catalogue or glossary: ${error instanceof Error ? error.message : String(error)}`,
      ];
    }
    console.log(problems.length ? `${localeId}: ${problems.length} problem(s)` : `${localeId}: clean`);
    for (const problem of problems) console.log(`  ${problem}`);
    if (problems.length) process.exitCode = 1;
  }
}
