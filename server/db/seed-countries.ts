import { SERVED_COUNTRIES } from '../emergency/address/countries.ts';

/**
 * A few countries for GET /api/config/country. Ids, ISO codes and calling codes are the public ones;
 * the loginAllowed flags are this server's choice (Albania is off so the filter has something to do).
 * The countries whose emergency addresses are served (the out-of-country editor offers this list) are
 * added from server/emergency/address/countries.ts, with their inferred ids (docs/emergency-address.md).
 */
const BASE_COUNTRIES = [
  { id: 1, name: 'United States', isoCode: 'US', callingCode: '1', loginAllowed: true },
  { id: 3, name: 'Albania', isoCode: 'AL', callingCode: '355', loginAllowed: false },
  { id: 15, name: 'Australia', isoCode: 'AU', callingCode: '61', loginAllowed: true },
  { id: 39, name: 'Canada', isoCode: 'CA', callingCode: '1', loginAllowed: true },
  { id: 75, name: 'France', isoCode: 'FR', callingCode: '33', loginAllowed: true },
  { id: 143, name: 'Mexico', isoCode: 'MX', callingCode: '52', loginAllowed: true },
  { id: 160, name: 'New Zealand', isoCode: 'NZ', callingCode: '64', loginAllowed: true },
  { id: 224, name: 'United Kingdom', isoCode: 'GB', callingCode: '44', loginAllowed: true },
];

export const COUNTRIES = [
  ...BASE_COUNTRIES,
  ...SERVED_COUNTRIES.filter((served) => !BASE_COUNTRIES.some((country) => country.id === served.id)).map(
    ({ id, name, isoCode, callingCode }) => ({ id, name, isoCode, callingCode, loginAllowed: true }),
  ),
].sort((a, b) => a.id - b.id);
