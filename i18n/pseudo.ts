import type { MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/*
 * Pseudo-localisation of a parsed ICU message. Only types come from the parser package: the browser
 * build aliases it to its parser-less variant, and this module must behave the same everywhere.
 */
const LITERAL = 0 as TYPE.literal;
const SELECT = 5 as TYPE.select;
const PLURAL = 6 as TYPE.plural;
const TAG = 8 as TYPE.tag;

const plain = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const accented = 'àƀçďéƒĝĥĩĵķļɱñöþǫŕšţũṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const accentedLetters = [...accented];
const accentOf = new Map([...plain].map((letter, index) => [letter, accentedLetters[index] ?? letter]));

/** Filler that stretches text the way longer languages do, while still looking like words. */
const filler = 'ļöŕéɱ ĩþšũɱ ďöļöŕ šĩţ àɱéţ çöñšéçţéţũŕ àďĩþĩšçĩñĝ éļĩţ ';
export const EXPANSION = 0.35;

export function accentText(text: string): string {
  return [...text].map((char) => accentOf.get(char) ?? char).join('');
}

/**
 * CLDR's bidirectional pseudo locale (en-XB, Android's ar-XB): each word wrapped in a right-to-left
 * mark and a right-to-left override, so English reads mirrored and every layout must hold right to left.
 */
const RLM = '\u200F';
const RLO = '\u202E';
const PDF = '\u202C';
export function bidiText(text: string): string {
  return text.replace(/[^\s]+/gu, (word) => `${RLM}${RLO}${word}${PDF}${RLM}`);
}

type TextTransform = (text: string) => string;

function transform(elements: readonly MessageFormatElement[], change: TextTransform): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === LITERAL) return { ...element, value: change(element.value) };
    if (element.type === TAG) return { ...element, children: transform(element.children, change) };
    if (element.type === PLURAL || element.type === SELECT) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: transform(option.value, change) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/** Characters of literal text a reader sees; for plural and select, the longest branch. */
function visibleLength(elements: readonly MessageFormatElement[]): number {
  return elements.reduce((total, element) => {
    if (element.type === LITERAL) return total + [...element.value].length;
    if (element.type === TAG) return total + visibleLength(element.children);
    if (element.type === PLURAL || element.type === SELECT) {
      return (
        total + Math.max(0, ...Object.values(element.options).map((option) => visibleLength(option.value)))
      );
    }
    return total;
  }, 0);
}

export function paddingFor(length: number): string {
  const count = Math.ceil(length * EXPANSION);
  if (count === 0) return '';
  const repeated = filler.repeat(Math.ceil(count / filler.length));
  return ` ${repeated.slice(0, count - 1).trimEnd()}`;
}

/**
 * Accents every letter of literal text, adds about 35% filler and wraps the message in brackets.
 * Arguments, plural and select keys, `#` and tag names are left alone, so the pseudo message takes
 * exactly the values of the original.
 */
export function pseudoLocalise(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  const padding = paddingFor(visibleLength(elements));
  return [
    { type: LITERAL, value: '[' },
    ...transform(elements, accentText),
    { type: LITERAL, value: `${padding}]` },
  ];
}

/** The rc_XX message: every word of literal text mirrored (bidiText); arguments untouched. */
export function pseudoBidi(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return transform(elements, bidiText);
}
