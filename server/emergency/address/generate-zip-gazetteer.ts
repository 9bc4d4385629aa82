// node server/emergency/address/generate-zip-gazetteer.ts [out file]
//
// Writes the reference validator's gazetteer table (zip-gazetteer.ts) from the `zipcodes` package (US
// federal ZIP list and Canadian forward sortation areas, BSD): `npm run build` runs it after bundling
// the server, into dist/.server/zip-gazetteer.txt. The package is read here only: the server reads the
// table. After upgrading the package, `npm run build` is all there is to do; zip-gazetteer.test.ts
// checks every ZIP and area of the table against the installed package.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import zipcodes from 'zipcodes';
import { encodeZipGazetteer, ZIP_GAZETTEER_FILE } from './zip-gazetteer.ts';

const packageJson = new URL(import.meta.resolve('zipcodes/package.json'));
const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
const out = process.argv[2] ?? fileURLToPath(ZIP_GAZETTEER_FILE);
const text = encodeZipGazetteer(zipcodes, `zipcodes ${version}`);
await mkdir(dirname(out), { recursive: true });
await writeFile(out, text);
console.log(`ZIP gazetteer: ${out} (${Math.round(text.length / 1024)} KB)`);
