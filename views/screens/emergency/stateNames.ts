import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { StateRecord } from '../../../api/contract/emergency.ts';

type Names = Readonly<Record<string, string>>;

/**
 * Subdivision names in another of the country's official languages, by country and language: Canada's
 * provinces and territories are officially bilingual, so a French page names them in French (Canadian
 * federal usage). The server's list names them in English (ISO 3166-2).
 */
const officialNames: Readonly<Record<string, Readonly<Record<string, Names>>>> = {
  CA: {
    fr: {
      AB: 'Alberta',
      BC: 'Colombie-Britannique',
      MB: 'Manitoba',
      NB: 'Nouveau-Brunswick',
      NL: 'Terre-Neuve-et-Labrador',
      NS: 'Nouvelle-Écosse',
      NT: 'Territoires du Nord-Ouest',
      NU: 'Nunavut',
      ON: 'Ontario',
      PE: 'Île-du-Prince-Édouard',
      QC: 'Québec',
      SK: 'Saskatchewan',
      YT: 'Yukon',
    },
  },
};

/**
 * A country's state, province or county as the page names it: in the user's language where that is one
 * of the country's official languages and the name differs (Canada in French), otherwise the list's own
 * name, the one the country's addresses use: US states stay English and Mexico's states Spanish in every
 * language, as they are written on an envelope (docs/emergency-address.md).
 */
export function useStateName(countryIsoCode: string): (state: StateRecord) => string {
  const { locale } = useIntl();
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  const names = officialNames[countryIsoCode]?.[language];
  return useCallback((state: StateRecord) => names?.[state.isoCode] ?? state.name, [names]);
}
