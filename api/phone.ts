import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/** E.164 when libphonenumber can read the number, else the typed digits (server-side normalisation). */
export function normalizePhoneNumber(phoneNumber: string, defaultCountry: CountryCode = 'US'): string {
  const parsed = parsePhoneNumberFromString(phoneNumber, defaultCountry);
  if (parsed) return parsed.number;
  const digits = phoneNumber.replace(/\D/g, '');
  return phoneNumber.trim().startsWith('+') ? `+${digits}` : digits;
}
