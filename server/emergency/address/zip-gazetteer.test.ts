import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { decodeZipGazetteer, encodeZipGazetteer, loadZipGazetteer } from './zip-gazetteer.ts';

// The compact table against the package it is generated from: every ZIP and area, not a sample, since
// the whole comparison takes well under a second.
const text = encodeZipGazetteer(zipcodes, 'zipcodes (test)');
const table = decodeZipGazetteer(text);
const records = Object.values(zipcodes.codes);
const usZips = records.filter((record) => record.country === 'US').map((record) => record.zip);
const areas = records.filter((record) => record.country === 'Canada');
const usStates = [...new Set(records.filter((r) => r.country === 'US').map((r) => r.state))];

const placeOf = (zip: string) => {
  const place = table.usPlace(zip);
  if (!place) throw new Error(`${zip} missing from the table`);
  return place;
};

describe('the compact ZIP table, against the zipcodes package', () => {
  it('holds every US ZIP with the package’s town and state', () => {
    expect(usZips.length).toBeGreaterThan(40_000);
    const mismatches = usZips.filter((zip) => {
      const place = table.usPlace(zip);
      const theirs = zipcodes.lookup(zip);
      return place?.zip !== zip || place.city !== theirs?.city || place.state !== theirs?.state;
    });
    expect(mismatches).toEqual([]);
    expect(table.usPlace('94041')).toMatchObject({ zip: '94041', city: 'Mountain View', state: 'CA' });
    expect(table.usPlace('00501')).toMatchObject({ zip: '00501', state: 'NY' });
  });

  it('lists each state’s ZIPs in the package’s order (the order decides ties in distance)', () => {
    expect(usStates.length).toBeGreaterThanOrEqual(51);
    for (const state of usStates) {
      const theirs = zipcodes.lookupByState(state).map(({ zip, city }) => [zip, city, state]);
      const ours = table.usPlacesIn(state).map(({ zip, city, state }) => [zip, city, state]);
      expect(ours, state).toEqual(theirs);
    }
    expect(table.usPlacesIn('ca')).toHaveLength(zipcodes.lookupByState('CA').length);
  });

  it('gives the package’s distances, rounding and all', () => {
    const anchors = ['94041', '10001', '99501', '96813', '00501'];
    for (const anchor of anchors) {
      const ours = usZips.map((zip) => table.miles(placeOf(anchor), placeOf(zip)));
      const theirs = usZips.map((zip) => zipcodes.distance(anchor, zip));
      expect(ours, anchor).toEqual(theirs);
    }
    expect(table.miles(placeOf('94041'), placeOf('94301'))).toBe(zipcodes.distance('94041', '94301'));
  });

  it('holds every Canadian forward sortation area’s description', () => {
    expect(areas.length).toBeGreaterThan(1_500);
    const mismatches = areas.filter(
      (area) => table.canadianArea(area.zip) !== zipcodes.lookup(area.zip)?.city,
    );
    expect(mismatches).toEqual([]);
    expect(table.canadianArea('K2P')).toBe(zipcodes.lookup('K2P')?.city);
  });

  it('knows nothing the package does not', () => {
    for (const zip of ['00000', '99999', '9404', '940411', 'K2P1L', '', ' 9404']) {
      expect(table.usPlace(zip), zip).toBeUndefined();
      expect(zipcodes.lookup(zip)?.country === 'US', zip).toBe(false);
    }
    for (const area of ['Z9Z', 'D0A', '940', 'k2p', ''])
      expect(table.canadianArea(area), area).toBeUndefined();
    expect(table.usPlacesIn('ON')).toEqual([]);
    expect(table.usPlacesIn('')).toEqual([]);
  });

  it('is a fraction of the package’s source (under a megabyte of text)', () => {
    expect(text.length).toBeLessThan(1_000_000);
  });
});

describe('loading the table', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  const tempFile = async (name: string) => {
    const folder = await mkdtemp(join(tmpdir(), 'foyer-zip-'));
    folders.push(folder);
    return join(folder, name);
  };

  it('reads the file the build wrote', async () => {
    // A made-up table, so what answers can only come from the file.
    const codes = {
      '12345': { zip: '12345', city: 'Testville', state: 'ZZ', country: 'US', latitude: 1.5, longitude: -2 },
      '12346': {
        zip: '12346',
        city: 'Testville',
        state: 'ZZ',
        country: 'US',
        latitude: 1.5001,
        longitude: -2,
      },
      A1A: { zip: 'A1A', city: 'Test Area', state: 'Nowhere', country: 'Canada', latitude: 0, longitude: 0 },
    };
    const source = { codes, lookupByState: () => [codes['12346'], codes['12345']] };
    const file = await tempFile('zip-gazetteer.txt');
    await writeFile(file, encodeZipGazetteer(source, 'test'));
    const loaded = await loadZipGazetteer(pathToFileURL(file));
    expect(loaded.usPlace('12345')).toEqual({ zip: '12345', city: 'Testville', state: 'ZZ', row: 1 });
    expect(loaded.usPlacesIn('zz').map((place) => place.zip)).toEqual(['12346', '12345']);
    expect(loaded.canadianArea('A1A')).toBe('Test Area');
    expect(loaded.usPlace('10001')).toBeUndefined();
  });

  it('without a build, encodes the same table from the package', async () => {
    const loaded = await loadZipGazetteer(pathToFileURL(await tempFile('missing.txt')));
    expect(loaded.usPlacesIn('VT').map((place) => place.zip)).toEqual(
      table.usPlacesIn('VT').map((place) => place.zip),
    );
  });

  it('encodes the table from the package when the file is another format (an older build’s)', async () => {
    const file = await tempFile('older.txt');
    await writeFile(file, text.replace(/^foyer-zip-gazetteer \d+;/, 'foyer-zip-gazetteer 1;'));
    const loaded = await loadZipGazetteer(pathToFileURL(file));
    expect(loaded.usPlace('05401')).toMatchObject({ city: 'Burlington', state: 'VT' });
  });

  it('refuses a damaged table, saying where', () => {
    expect(() => decodeZipGazetteer('{"codes":{}}\n')).toThrow(/not a foyer-zip-gazetteer 2 table/);
    expect(() => decodeZipGazetteer(text.replace(/\nareas \d+/, '\nareas x'))).toThrow(
      /no areas at character/,
    );
    expect(() => decodeZipGazetteer(text.replace(/\nzips \d+/, '\nzips 5'))).toThrow(
      /more ZIPs than counted/,
    );
    expect(() => decodeZipGazetteer(text.slice(0, 300_000))).toThrow(/zip gazetteer: /);
  });
});
