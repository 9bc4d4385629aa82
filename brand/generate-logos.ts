// node brand/generate-logos.ts (npm run logos): draws every brand's logo, brand/assets/brand-<id>.svg,
// and its dark-surface twin brand-<id>-dark.svg, from the brand's token file (names, colours) and the
// mark each brand has (MARKS below). The name is outlined into <path>s from a font shipped in an npm
// package (Inter; Lora for the one serif brand), so no visitor's installed fonts change its width: an
// SVG <text> in the system font ran past the image's edge on machines with wider fonts. The width is
// the text's own, and the token files' `logo`/`logoOnDark` widths are rewritten to match
// (brand/logos.test.ts and brand/seed.test.ts hold files and tokens together). The committed SVGs are
// the product; the app never loads a font for a logo.
import { readFileSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { type Font, openSync } from 'fontkit';
import { contrast, fromHsl, toHsl } from './colour.ts';
import { mergeQuadratics, PathWriter, type Point, type Segment } from './logoPath.ts';
import type { BrandTokens } from './tokens.ts';

// The token files import their SVGs as Vite does (a URL string); plain Node needs to be told so.
registerHooks({
  load: (url, context, nextLoad) =>
    url.endsWith('.svg')
      ? { format: 'module', source: `export default ${JSON.stringify(url)};`, shortCircuit: true }
      : nextLoad(url, context),
});
const { loadBrandTokens, specBrandIds } = await import('./registry.ts');
const { withDarkTheme } = await import('./darkTheme.ts');

const started = performance.now();
const fontFile = (name: string) =>
  openSync(new URL(`../node_modules/@fontsource/${name}.woff2`, import.meta.url).pathname) as Font;
const fonts = {
  sansBold: fontFile('inter/files/inter-latin-700-normal'),
  sansMedium: fontFile('inter/files/inter-latin-500-normal'),
  serifItalic: fontFile('lora/files/lora-latin-400-italic'),
  serif: fontFile('lora/files/lora-latin-400-normal'),
};

type Shape = 'circle' | 'square' | 'diamond' | 'hexagon' | 'triangle' | 'ring' | 'shield';

/** Each brand's mark, as its logo has always drawn it: a shape in the brand colour, mostly with the initial. */
const MARKS: Readonly<Record<string, Shape>> = {
  '0': 'circle',
  '1210': 'ring',
  '1250': 'circle',
  '2000': 'square',
  '2010': 'diamond',
  '2020': 'hexagon',
  '2030': 'triangle',
  '2040': 'circle',
  '2110': 'square',
  '2210': 'diamond',
  '3000': 'hexagon',
  '3420': 'triangle',
  '3460': 'circle',
  '3610': 'square',
  '3710': 'diamond',
  '4210': 'hexagon',
  '4610': 'triangle',
  '4710': 'circle',
  '4810': 'square',
  '4910': 'diamond',
  '5010': 'hexagon',
  '5110': 'triangle',
  '5210': 'circle',
  '6010': 'square',
  '7010': 'diamond',
  '7310': 'hexagon',
  '7710': 'shield',
};

const SHAPES: Readonly<Record<Shape, (brand: string) => string>> = {
  circle: (fill) => `<circle cx="18" cy="20" r="16" fill="${fill}"/>`,
  square: (fill) => `<rect x="2" y="4" width="32" height="32" rx="8" fill="${fill}"/>`,
  diamond: (fill) => `<path d="M18 2 L34 20 L18 38 L2 20 Z" fill="${fill}"/>`,
  hexagon: (fill) => `<path d="M18 3 L34 12 V28 L18 37 L2 28 V12 Z" fill="${fill}"/>`,
  triangle: (fill) => `<path d="M18 3 L35 36 H1 Z" fill="${fill}"/>`,
  ring: (fill) =>
    `<rect x="0" y="2" width="36" height="36" rx="10" fill="${fill}"/>\n  <circle cx="18" cy="20" r="10" fill="none" stroke="#FFFFFF" stroke-width="4"/>\n  <path d="M25 9 L31 3" stroke="#7FB2FF" stroke-width="4" stroke-linecap="round"/>`,
  shield: (fill) =>
    `<path d="M4 4 H32 V22 C32 31 25 36 18 38 C11 36 4 31 4 22 Z" fill="${fill}"/>\n  <path d="M18 10 C12 16 12 24 18 31 C24 24 24 16 18 10 Z" fill="#F4C95D"/>\n  <path d="M18 14 V29" stroke="${fill}" stroke-width="2"/>`,
};

/** Shapes that carry the brand's initial, and where its centre sits: a triangle's room is low down. */
const INITIAL: Partial<Record<Shape, { centreY: number; size: number }>> = {
  circle: { centreY: 20, size: 15 },
  square: { centreY: 20, size: 15 },
  diamond: { centreY: 20, size: 15 },
  hexagon: { centreY: 20, size: 15 },
  triangle: { centreY: 25, size: 13 },
};

type Style = { font: Font; size: number; baseline: number; tracking: number };
const styles = (serif: boolean) => ({
  name: serif
    ? { font: fonts.serifItalic, size: 20, baseline: 25, tracking: 0 }
    : { font: fonts.sansBold, size: 20, baseline: 27, tracking: 0 },
  // The rest of the display name ("Lines" of "Thistlecombe Lines"), small capitals in the brand colour.
  rest: serif
    ? { font: fonts.serif, size: 12, baseline: 25, tracking: 1 }
    : { font: fonts.sansMedium, size: 12, baseline: 27, tracking: 1 },
});

/** Lays out `text` (kerned by the font's own tables) from x, and draws its outlines into `writer`. */
function outline(writer: PathWriter, text: string, x: number, style: Style): number {
  const scale = style.size / style.font.unitsPerEm;
  const run = style.font.layout(text);
  let penX = x;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const points = (args: number[]) => {
      const pairs: Point[] = [];
      for (let i = 0; i + 1 < args.length; i += 2)
        pairs.push([
          penX + ((position?.xOffset ?? 0) + (args[i] ?? 0)) * scale,
          style.baseline - ((position?.yOffset ?? 0) + (args[i + 1] ?? 0)) * scale,
        ]);
      return pairs as [Point, ...Point[]];
    };
    let contour: { from: Point; segments: Segment[] } | undefined;
    const finish = () => contour && writer.contour(mergeQuadratics(contour));
    for (const { command, args } of glyph.path.commands) {
      const [p1, p2, p3] = points(args) as [Point, Point, Point];
      if (command === 'moveTo') {
        finish();
        contour = { from: p1, segments: [] };
      } else if (command === 'closePath') {
        finish();
        contour = undefined;
      } else if (command === 'lineTo') contour?.segments.push({ kind: 'line', to: p1 });
      else if (command === 'quadraticCurveTo') contour?.segments.push({ kind: 'quad', control: p1, to: p2 });
      else contour?.segments.push({ kind: 'cubic', control1: p1, control2: p2, to: p3 });
    }
    finish();
    penX += (position?.xAdvance ?? 0) * scale + (index < run.glyphs.length - 1 ? style.tracking : 0);
  });
  return penX;
}

/** The initial, centred on the mark: horizontally by its ink, vertically by the capital height. */
function initial(letter: string, place: { centreY: number; size: number }): string {
  const font = fonts.sansBold;
  const scale = place.size / font.unitsPerEm;
  const glyph = font.layout(letter).glyphs[0];
  if (!glyph) return '';
  const { minX, maxX } = glyph.bbox;
  const x = 18 - ((minX + maxX) / 2) * scale;
  const baseline = place.centreY + (font.capHeight * scale) / 2;
  const writer = new PathWriter();
  outline(writer, letter, x, { font, size: place.size, baseline, tracking: 0 });
  return writer.data;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Drawn = { width: number; svg: (colours: { text: string; accent: string }) => string };

function draw(tokens: BrandTokens): Drawn {
  const shape = MARKS[tokens.brandId];
  if (!shape) throw new Error(`brand ${tokens.brandId} has no mark in MARKS`);
  const style = styles(shape === 'shield');
  const { displayName, shortDisplayName } = tokens;
  const rest = displayName.startsWith(shortDisplayName)
    ? displayName.slice(shortDisplayName.length).trim()
    : '';
  const name = new PathWriter();
  const nameEnd = outline(
    name,
    rest ? shortDisplayName : displayName,
    shape === 'ring' ? 46 : 42,
    style.name,
  );
  const restPath = new PathWriter();
  if (rest) outline(restPath, rest.toLocaleUpperCase('en'), nameEnd + 7, style.rest);
  const width = Math.ceil(Math.max(name.right, restPath.right) + 1);
  const place = INITIAL[shape];
  const letter = place ? initial(shortDisplayName.slice(0, 1), place) : '';
  const brand = tokens.theme.colours.brand;
  return {
    width,
    svg: ({ text, accent }) =>
      [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-labelledby="title">`,
        `  <title id="title">${escapeXml(displayName)}</title>`,
        `  ${SHAPES[shape](brand)}`,
        ...(letter ? [`  <path fill="#FFFFFF" d="${letter}"/>`] : []),
        // The wordmark, apart from the mark: its colours are the ones a dark surface has to change.
        `  <g id="wordmark"><path fill="${text}" d="${name.data}"/>${rest ? `<path fill="${accent}" d="${restPath.data}"/>` : ''}</g>`,
        '</svg>',
        '',
      ].join('\n'),
  };
}

/** Sets the token file's logo sizes to the drawn ones; a file without a `logoOnDark` line is reported. */
function updateTokenFile(id: string, width: number) {
  const path = new URL(`brands/brand-${id}.ts`, import.meta.url);
  const source = readFileSync(path, 'utf8');
  const updated = source.replace(
    /(\blogo(?:OnDark)?: \{ src: \w+, width: )\d+(, height: )\d+/g,
    `$1${width}$240`,
  );
  if (!/\blogoOnDark: \{/.test(updated)) console.warn(`brand-${id}.ts: no logoOnDark yet`);
  if (updated !== source) writeFileSync(path, updated);
}

/**
 * The colour, its lightness stepped away from the surfaces' until it reads at 4.5:1 on each: logos are
 * exempt from WCAG's contrast rule, but the name on them is meant to be read (brand/logos.test.ts).
 */
function legible(colour: string, surfaces: readonly string[]): string {
  const hsl = toHsl(colour);
  const darker = surfaces.every((surface) => toHsl(surface).lightness > 0.5);
  for (let step = 0; step <= 100; step++) {
    const lightness = Math.min(1, Math.max(0, hsl.lightness + (darker ? -step : step) / 100));
    const candidate = step === 0 ? colour : fromHsl({ ...hsl, lightness });
    if (surfaces.every((surface) => contrast(candidate, surface) >= 4.5)) return candidate;
  }
  throw new Error(`${colour} cannot reach 4.5:1 on ${surfaces.join(', ')}`);
}

let bytes = 0;
for (const id of specBrandIds) {
  const tokens = withDarkTheme(await loadBrandTokens(id));
  const drawn = draw(tokens);
  const dark = tokens.themes?.dark?.colours;
  if (!dark) throw new Error(`brand ${id} has no dark palette`);
  const { colours } = tokens.theme;
  const light = [colours.background, colours.surface];
  const darkSurfaces = [dark.background, dark.surface];
  const files = {
    [`brand-${id}.svg`]: drawn.svg({
      text: legible(colours.text, light),
      accent: legible(colours.brand, light),
    }),
    [`brand-${id}-dark.svg`]: drawn.svg({
      text: legible(dark.text, darkSurfaces),
      accent: legible(dark.brand, darkSurfaces),
    }),
  };
  for (const [file, svg] of Object.entries(files)) {
    writeFileSync(new URL(`assets/${file}`, import.meta.url), svg);
    bytes += Buffer.byteLength(svg);
  }
  updateTokenFile(id, drawn.width);
}
console.log(`${specBrandIds.length * 2} logos, ${bytes} B, in ${Math.round(performance.now() - started)} ms`);
