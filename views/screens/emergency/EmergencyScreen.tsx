import type { ComponentType } from 'react';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { CancelSignIn } from '../twoFactor/CancelSignIn.tsx';
import { AddressEditor } from './AddressEditor.tsx';
import { ConfirmAddress } from './ConfirmAddress.tsx';
import type { EmergencyScreenTag } from './EmergencyPage.tsx';
import {
  EmergencyLoading,
  LockedPage,
  NoticePage,
  OutOfCountryPage,
  VersionChangedPage,
} from './InfoPages.tsx';
import { LocationChooser } from './LocationChooser.tsx';
import { ReplaceLocation } from './ReplaceLocation.tsx';
import { useEmergency } from './useEmergency.ts';

/** Every page of the emergency flow by its tag; a view that serves several pages is told which. */
const views: { [T in EmergencyScreenTag]: ComponentType<{ tag: T }> } = {
  'screen.emergencyLoading': EmergencyLoading,
  'screen.emergencyNoDigitalLine': NoticePage,
  'screen.emergencyByoc': NoticePage,
  'screen.emergencyNoLocations': NoticePage,
  'screen.emergencyVersionChanged': VersionChangedPage,
  'screen.emergencyChooseLocation': LocationChooser,
  'screen.emergencyEditor': AddressEditor,
  'screen.emergencyConfirm': ConfirmAddress,
  'screen.emergencyReplace': ReplaceLocation,
  'screen.emergencyDeleteReplacement': ReplaceLocation,
  'screen.emergencyOutOfCountry': OutOfCountryPage,
  'screen.emergencyLocked': LockedPage,
  'screen.emergencySaved': NoticePage,
};
const tags = Object.keys(views) as EmergencyScreenTag[];

/**
 * Spec §2 /emergencyAddress family: whichever page the emergency flow's active state names (each
 * marks itself with its own data-screen inside this one, which names the sign-in machine's state).
 * Each page is keyed by its tag, so focus and scroll start afresh on the next one.
 */
export function EmergencyScreen() {
  const tag = useEmergency((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && (views[tag] as ComponentType<{ tag: EmergencyScreenTag }>);
  return (
    <div data-screen="emergency">
      {tag && View ? (
        <View key={tag} tag={tag} />
      ) : (
        <>
          <LoadingIndicator />
          <CancelSignIn />
        </>
      )}
    </div>
  );
}
