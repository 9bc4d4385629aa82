import { readFileSync } from 'node:fs';

const palette = readFileSync(new URL('./page-palette.css', import.meta.url), 'utf8');

/** A plain server page's style sheet: the shared light and dark palette, then the page's own rules. */
export const pageStylesheet = (own: URL) => `${palette}\n${readFileSync(own, 'utf8')}`;
