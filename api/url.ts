const REFUSED_SCHEMES = /^\s*(javascript|vbscript|data):/i;

/** A URL to open or link to is refused if it is javascript:, vbscript: or data: (spec §5). */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme; strip them before judging.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return compact !== '' && !REFUSED_SCHEMES.test(compact);
}
