import { asCountryCode, describePhoneNumber } from '../../api/phone.ts';
import type { Brand } from '../config/config.service.ts';
import { badRequest } from '../http/errors.ts';

export interface NumberParseRequest {
  numbers: string[];
  countryIsoCode?: string | undefined;
  nationalAsPriority: boolean;
}

/** POST /api/number/parse: each number read in the requested country, or else in the brand's. */
export function parseNumbers(brand: Brand, body: NumberParseRequest) {
  const country = asCountryCode(body.countryIsoCode ?? brand.countryIsoCode);
  if (!country) throw badRequest('countryIsoCode: no numbering plan is known for this country');
  return {
    phoneNumbers: body.numbers.map((number) => describePhoneNumber(number, country, body.nationalAsPriority)),
  };
}
