// node brand/generate-favicon.ts: draws public/favicon.ico, the icon browsers ask the reference server for
// (/favicon.ico) on every page, the SPA's and the server's own. It is the product's neutral mark, not
// a brand's (one address serves every brand): brand 0's "F" disc (brand/assets/brand-0.svg), drawn as a
// path so no font decides its look. Chromium renders it at 16, 32 and 48 px; the .ico holds the PNGs.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../test/browser/harness.ts';

const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#1B55C4"/><path d="M11 7.5h11v3.75h-6.75v3.25h5.75v3.75h-5.75V24.5H11z" fill="#FFFFFF"/></svg>`;
const SIZES = [16, 32, 48];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const page = await browser.newPage();
const images: Buffer[] = [];
for (const size of SIZES) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0">${MARK.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
  );
  images.push(await page.screenshot({ omitBackground: true, type: 'png' }));
}
await browser.close();

// ICONDIR, one ICONDIRENTRY per image (a PNG entry: width and height, 32 bits per pixel), the PNGs.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, index) => {
  const entry = 6 + 16 * index;
  const size = SIZES[index] ?? 0;
  header.writeUInt8(size % 256, entry);
  header.writeUInt8(size % 256, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
const target = new URL('../public/favicon.ico', import.meta.url);
writeFileSync(target, Buffer.concat([header, ...images]));
console.log(`${target.pathname}: ${offset} B`);
