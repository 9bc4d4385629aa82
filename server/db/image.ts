import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const BLOCK = 512;
/** Written last: PGlite takes a folder with PG_VERSION for a cluster, so a half-unpacked one stays fresh. */
const MARKER = 'PG_VERSION';
/** The lock of the server the image was dumped from: not part of the cluster. */
const SKIPPED = new Set(['postmaster.pid']);

interface Entry {
  path: string;
  type: 'file' | 'directory';
  mode: number;
  data: Uint8Array;
}

/**
 * Reads the image build-image.ts wrote (PGlite's dumpDataDir: a gzipped ustar archive), or undefined when
 * there is none.
 */
export async function readImage(file: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Unpacks an image into a PGlite data folder with Node's own zlib and file system. PGlite's loadDataDir
 * does the same through its Emscripten file system on the main thread, and left ~100 MB more resident
 * after start. The writes go to libuv's threads, so the main thread can load the server meanwhile.
 */
export async function unpackImage(gzipped: Uint8Array, dataDir: string): Promise<void> {
  // gzip's trailer holds the unpacked size: one output buffer of that size costs half the memory and time
  // of zlib's default chunks plus their concatenation.
  const size = new DataView(gzipped.buffer, gzipped.byteOffset + gzipped.length - 4, 4).getUint32(0, true);
  const tar = await promisify(gunzip)(gzipped, { chunkSize: Math.max(size, 64 * 1024) });
  const entries = [...readTar(tar)].filter((entry) => !SKIPPED.has(entry.path));
  const marker = entries.find((entry) => entry.path === MARKER);
  if (!marker) throw new Error(`database image has no ${MARKER}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    if (entry.type === 'directory')
      mkdirSync(join(dataDir, entry.path), { recursive: true, mode: entry.mode });
  }
  const write = (entry: Entry) => writeFile(join(dataDir, entry.path), entry.data, { mode: entry.mode });
  const files = entries.filter((entry) => entry.type === 'file' && entry !== marker);
  await Promise.all(files.map(write));
  await write(marker);
}

function* readTar(tar: Uint8Array): Generator<Entry> {
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    // Zero blocks end the archive.
    if (header.every((byte) => byte === 0)) return;
    if (text(header, 257, 5) !== 'ustar') throw new Error('database image is not a ustar archive');
    const prefix = text(header, 345, 155);
    const path = safePath(prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    const size = Number.parseInt(text(header, 124, 12) || '0', 8);
    const mode = Number.parseInt(text(header, 100, 8) || '600', 8);
    const flag = text(header, 156, 1);
    const start = offset + BLOCK;
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (path === '') continue;
    if (flag === '5') yield { path, type: 'directory', mode, data: new Uint8Array() };
    else if (flag === '0' || flag === '')
      yield { path, type: 'file', mode, data: tar.subarray(start, start + size) };
    else throw new Error(`database image entry ${path} has unsupported type ${flag}`);
  }
}

function text(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end)).trim();
}

/** Entries are stored as /base/1/1255; anything that could leave the data folder is refused. */
function safePath(name: string): string {
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new Error(`database image entry ${name} leaves the data folder`);
  return segments.join('/');
}
