// The two address-data packages ship no types: only what server/emergency/address uses is declared
// (zipcodes: the ZIP table's generator, its test, and its fallback without a build).

declare module 'iso-3166-2' {
  interface Subdivision {
    type: string;
    name: string;
  }
  interface Country {
    name: string;
    sub: Record<string, Subdivision>;
  }
  const iso3166: { country(code: string): Country | null };
  export default iso3166;
}

declare module 'zipcodes' {
  interface Place {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    /** Every US ZIP and Canadian forward sortation area by its code (some Canadian coordinates are null). */
    codes: Record<string, Place>;
    lookup(zip: string): Place | undefined;
    lookupByName(city: string, state: string): Place[];
    lookupByState(state: string): Place[];
    distance(zipA: string, zipB: string): number | null;
  };
  export default zipcodes;
}
