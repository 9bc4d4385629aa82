import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { EmergencyAddress } from '../../../api/contract/emergency.ts';
import { addressLines } from './addressLines.ts';
import * as local from './emergency.css.ts';

/** A country's name in the user's language from its ISO code (the code itself where the browser has none). */
export function useCountryName(): (isoCode: string) => string {
  const { locale } = useIntl();
  return useCallback(
    (isoCode: string) => {
      try {
        return new Intl.DisplayNames([locale], { type: 'region' }).of(isoCode) ?? isoCode;
      } catch {
        return isoCode;
      }
    },
    [locale],
  );
}

/** An address on its two lines (one when it has only a place), as a block of its own. */
export function AddressText({ address }: { address: EmergencyAddress }) {
  const countryName = useCountryName();
  const [street, place] = addressLines(address, countryName(address.country));
  return (
    <span className={local.address}>
      {street && <span className={local.addressLine}>{street}</span>}
      <span className={local.addressLine}>{place}</span>
    </span>
  );
}
