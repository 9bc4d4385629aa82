import type { ReactNode } from 'react';
import type { EmergencyLocation } from '../../../api/contract/emergency.ts';
import { useSortByName } from '../../../i18n/collate.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { AddressText } from './AddressText.tsx';
import * as local from './emergency.css.ts';

const statusLabels: Record<EmergencyLocation['addressStatus'], MessageId> = {
  Valid: 'emergency.status.Valid',
  Invalid: 'emergency.status.Invalid',
  Ambiguous: 'emergency.status.Ambiguous',
  Provisioning: 'emergency.status.Provisioning',
};

interface LocationOptionsProps {
  /** The radio group's name, unique on the page. */
  name: string;
  locations: readonly EmergencyLocation[];
  checked: string | undefined;
  onCheck: (locationId: string) => void;
  /** Something beside an option, outside its label (the Delete of a personal location). */
  aside?: ((location: EmergencyLocation) => ReactNode) | undefined;
}

/**
 * Locations as radio buttons, each labelled by its nickname, its address on one or two lines and its
 * status in words. Arrow keys move between them as in any radio group.
 */
export function LocationOptions({ name, locations, checked, onCheck, aside }: LocationOptionsProps) {
  const sortByName = useSortByName();
  return (
    <ul className={local.options}>
      {sortByName(locations, (location) => location.nickname).map((location) => {
        const id = `${name}-${location.locationId}`;
        return (
          <li key={location.locationId} className={local.option} data-location={location.locationId}>
            <label className={local.optionLabel} htmlFor={id}>
              <input
                type="radio"
                id={id}
                name={name}
                value={location.locationId}
                className={local.radio}
                checked={checked === location.locationId}
                onChange={() => onCheck(location.locationId)}
              />
              <span className={local.optionText}>
                <span className={local.nickname}>{location.nickname}</span>
                <AddressText address={location.address} />
                <span className={location.addressStatus === 'Valid' ? local.statusValid : local.statusOther}>
                  <Msg id={statusLabels[location.addressStatus]} />
                </span>
              </span>
            </label>
            {aside?.(location)}
          </li>
        );
      })}
    </ul>
  );
}
