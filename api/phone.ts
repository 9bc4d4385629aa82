import {
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import type { PhoneNumberRecord } from './contract/number.ts';

// Server-side only: libphonenumber is too heavy for the page's first screen (docs/architecture.md).

/** The ISO code as libphonenumber's country type, or undefined when it has no metadata for it. */
export function asCountryCode(isoCode: string): CountryCode | undefined {
  return isSupportedCountry(isoCode) ? isoCode : undefined;
}

/** E.164 when libphonenumber can read the number, else the typed digits (server-side normalisation). */
export function normalizePhoneNumber(phoneNumber: string, defaultCountry: CountryCode = 'US'): string {
  const parsed = parsePhoneNumberFromString(phoneNumber, defaultCountry);
  if (parsed) return parsed.number;
  const digits = phoneNumber.replace(/\D/g, '');
  return phoneNumber.trim().startsWith('+') ? `+${digits}` : digits;
}

/**
 * Reads a number for display (POST /api/number/parse). With a leading + it is international. Without
 * one it is either a national number of `country` or an international number missing its +;
 * `nationalAsPriority` says which reading is tried first, and the other is used only when the first
 * is not a valid number and it is.
 */
export function describePhoneNumber(
  input: string,
  country: CountryCode,
  nationalAsPriority: boolean,
): PhoneNumberRecord {
  const text = input.trim();
  const national = () => parsePhoneNumberFromString(text, country);
  const international = () => parsePhoneNumberFromString(`+${text}`);
  const readings = text.startsWith('+')
    ? [national()]
    : nationalAsPriority
      ? [national(), international()]
      : [international(), national()];
  const candidates = readings.filter((reading): reading is PhoneNumber => reading !== undefined);
  const chosen = candidates.find((reading) => reading.isValid()) ?? candidates[0];
  if (!chosen) return { originalString: input, parsed: false };
  return {
    originalString: input,
    parsed: true,
    isValid: chosen.isValid(),
    e164: chosen.number,
    countryCallingCode: chosen.countryCallingCode,
    ...(chosen.country ? { countryIsoCode: chosen.country } : {}),
    formattedNational: chosen.formatNational(),
    formattedInternational: chosen.formatInternational(),
  };
}
