import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeNames } from '../../machines/routes.ts';
import { listBaselines } from './compare.ts';
import { FRAMES, type Scheme, VIEWPORT_LABELS, type Viewport } from './matrix.ts';

/**
 * docs/gallery/index.html: every baseline, grouped by screen in the route table's order, each picture
 * labelled with its brand, scheme, viewport and locale, and under each screen the values of the
 * matrix it is not drawn in (a screen only some brands' demo accounts reach). Static HTML with
 * relative links, so a designer opens the file from a checkout; no script.
 */
const INDEX = fileURLToPath(new URL('../../docs/gallery/index.html', import.meta.url));
/** From docs/gallery/ to the baselines. */
const TO_BASELINES = '../../test/gallery/baselines/';

interface Picture {
  path: string;
  brand: string;
  scheme: Scheme;
  viewport: Viewport;
  locale: string;
}

const COMBO = /^([^/]+)\/(\d+)-(light|dark)-(desktop|phone)-([A-Za-z0-9_]+)\.png$/;

function pictureOf(path: string): (Picture & { screen: string }) | undefined {
  const match = COMBO.exec(path);
  if (!match) return undefined;
  const [, screen = '', brand = '', scheme, viewport, locale = ''] = match;
  return { path, screen, brand, scheme: scheme as Scheme, viewport: viewport as Viewport, locale };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/** The matrix's values (matrix.ts FRAMES) a screen has no picture in. */
function missingValues(pictures: readonly Picture[]) {
  const wanted = {
    brand: new Set(FRAMES.map((frame) => frame.brand)),
    scheme: new Set(FRAMES.map((frame) => frame.scheme)),
    viewport: new Set(FRAMES.map((frame) => frame.viewport)),
    locale: new Set(FRAMES.flatMap((frame) => frame.locales)),
  };
  return Object.entries(wanted).flatMap(([axis, values]) => {
    const have = new Set(pictures.map((picture) => picture[axis as keyof typeof wanted]));
    return [...values].filter((value) => !have.has(value)).map((value) => `${axis} ${value}`);
  });
}

/** Screens in the route table's order, each route's variants right after it. */
function screenOrder(screens: Iterable<string>) {
  const routes = routeNames() as string[];
  const rank = (screen: string) => {
    const at = routes.indexOf(screen.split('.')[0] ?? screen);
    return at === -1 ? routes.length : at;
  };
  return [...screens].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A screen's pictures in the matrix's order: frame by frame, each frame's locales in its order. */
function matrixOrder(pictures: readonly Picture[]) {
  const rank = (picture: Picture) => {
    const frame = FRAMES.findIndex(
      (candidate) =>
        candidate.brand === picture.brand &&
        candidate.scheme === picture.scheme &&
        candidate.viewport === picture.viewport,
    );
    const locale = FRAMES[frame]?.locales.indexOf(picture.locale) ?? 0;
    return (frame === -1 ? FRAMES.length : frame) * 100 + Math.max(locale, 0);
  };
  return pictures.toSorted((a, b) => rank(a) - rank(b));
}

function section(screen: string, pictures: readonly Picture[]) {
  const figures = matrixOrder(pictures).map((picture) => {
    const label = `Brand ${picture.brand} · ${picture.scheme} · ${VIEWPORT_LABELS[picture.viewport]} · ${picture.locale}`;
    const src = escapeHtml(`${TO_BASELINES}${picture.path}`);
    return `      <figure class="${picture.viewport}">
        <a href="${src}"><img src="${src}" alt="${escapeHtml(`${screen}, ${label}`)}" loading="lazy"></a>
        <figcaption>${escapeHtml(label)}</figcaption>
      </figure>`;
  });
  const missing = missingValues(pictures);
  const note =
    missing.length > 0
      ? `\n    <p class="missing">Not drawn in: ${escapeHtml(missing.join(', '))} (docs/gallery/README.md, "Gaps").</p>`
      : '';
  return `  <section id="${escapeHtml(screen)}">
    <h2>${escapeHtml(screen)}</h2>${note}
    <div class="pictures">
${figures.join('\n')}
    </div>
  </section>`;
}

export async function writeIndex() {
  const byScreen = new Map<string, Picture[]>();
  for (const path of await listBaselines()) {
    const picture = pictureOf(path);
    if (!picture) continue;
    byScreen.set(picture.screen, [...(byScreen.get(picture.screen) ?? []), picture]);
  }
  const screens = screenOrder(byScreen.keys());
  const contents = screens
    .map((screen) => `<a href="#${escapeHtml(screen)}">${escapeHtml(screen)}</a>`)
    .join(' · ');
  const count = [...byScreen.values()].reduce((total, pictures) => total + pictures.length, 0);
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Foyer screen gallery</title>
  <style>
    body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 96rem; padding: 1rem 2rem; color: #1b1f24; }
    nav { line-height: 2; }
    section { border-top: 1px solid #c9ced6; margin-top: 2rem; }
    .pictures { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
    figure { margin: 0; }
    figure.desktop { width: 640px; }
    figure.phone { width: 390px; }
    img { display: block; max-width: 100%; height: auto; border: 1px solid #c9ced6; }
    figcaption { font-size: 13px; color: #424a55; }
    .missing { color: #7a4b00; }
  </style>
</head>
<body>
  <h1>Foyer screen gallery</h1>
  <p>${count} pictures of ${screens.length} screens, written by <code>npm run gallery -- --update</code>
    and compared by <code>npm test</code> (docs/gallery/README.md). Click a picture for its full size.</p>
  <nav aria-label="Screens">${contents}</nav>
${screens.map((screen) => section(screen, byScreen.get(screen) ?? [])).join('\n')}
</body>
</html>
`;
  await mkdir(dirname(INDEX), { recursive: true });
  await writeFile(INDEX, html);
}
