import type { EmergencyAddress } from '../../../api/contract/emergency.ts';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import * as pageStyles from '../pages.css.ts';
import { CancelSignIn } from '../twoFactor/CancelSignIn.tsx';
import { AddressText, useCountryName } from './AddressText.tsx';
import { FlowButton, PageActions } from './EmergencyControls.tsx';
import { EmergencyPage, type EmergencyScreenTag } from './EmergencyPage.tsx';
import * as local from './emergency.css.ts';
import { useEmergency, useEmergencyCan } from './useEmergency.ts';

/** The address the device has now: its own, or the location it points at. */
export function useCurrentAddress(): EmergencyAddress | undefined {
  return useEmergency((flow) => {
    const device = flow?.context.situation?.device;
    if (!device) return undefined;
    if (device.address) return device.address;
    return flow?.context.situation?.locations.find((location) => location.locationId === device.locationId)
      ?.address;
  });
}

/**
 * "Outside the user's own country" in their language, as the sentences that say it take it ("I'm
 * {outside}", the disclaimer): each language words it per country (its article, its case) from the
 * country's ISO code, and names any other country as the browser does (docs/emergency-address.md).
 */
export function useOutsideCountry(): string {
  const format = useFormat();
  const countryName = useCountryName();
  const isoCode = useEmergency((flow) => flow?.context.situation?.tracking.userCountryIsoCode) ?? '';
  return format('emergency.outsideCountry', { country: isoCode, name: countryName(isoCode) });
}

/** While the flow loads what the dispatcher decides from; when that failed, why, and Try again. */
export function EmergencyLoading({ tag }: { tag: EmergencyScreenTag }) {
  const canRetry = useEmergencyCan({ type: 'user.retry' });
  return (
    <EmergencyPage tag={tag} title="emergency.title">
      {canRetry ? (
        <PageActions>
          <FlowButton look="primary" event={{ type: 'user.retry' }} label="emergency.retry" />
        </PageActions>
      ) : (
        <>
          <LoadingIndicator />
          <CancelSignIn />
        </>
      )}
    </EmergencyPage>
  );
}

const SPEC_HOURS = 48;

type NoticeTag = Extract<
  EmergencyScreenTag,
  | 'screen.emergencyNoDigitalLine'
  | 'screen.emergencyByoc'
  | 'screen.emergencyNoLocations'
  | 'screen.emergencySaved'
>;
const notices: Record<NoticeTag, { title: MessageId; lead: MessageId; body: MessageId; warn: boolean }> = {
  'screen.emergencyNoDigitalLine': {
    title: 'emergency.noDigitalLine.title',
    lead: 'errors.emergency.digitalLineMissing',
    body: 'emergency.noDigitalLine.body',
    warn: true,
  },
  'screen.emergencyByoc': {
    title: 'emergency.byoc.title',
    lead: 'emergency.byoc.lead',
    body: 'emergency.byoc.body',
    warn: false,
  },
  'screen.emergencyNoLocations': {
    title: 'emergency.noLocations.title',
    lead: 'errors.emergency.noDefinedLocations',
    body: 'emergency.noLocations.body',
    warn: true,
  },
  'screen.emergencySaved': {
    title: 'emergency.saved.title',
    lead: 'emergency.saved.lead',
    body: 'emergency.saved.body',
    warn: false,
  },
};

/**
 * A page that tells and goes on (Continue): 702's missing digital line (spec /emergencyAddress/
 * forbiddenWithoutDL), the carrier that provisions the address itself (BYOC, spec §6), no locations
 * defined (the system administrator defines them, spec §6), the address saved (spec §9: 48 hours).
 */
export function NoticePage({ tag }: { tag: NoticeTag }) {
  const page = notices[tag];
  // The registration says how long; spec §9's 48 hours where it does not.
  const hours = useEmergency((flow) => flow?.context.takesEffectWithinHours ?? SPEC_HOURS);
  return (
    <EmergencyPage tag={tag} title={page.title}>
      <p className={page.warn ? local.warning : pageStyles.infoNotice}>
        <Msg id={page.lead} values={{ hours }} />
      </p>
      <p className={local.body}>
        <Msg id={page.body} />
      </p>
      <PageActions>
        <FlowButton look="primary" event={{ type: 'user.continue' }} label="emergency.continue" />
      </PageActions>
    </EmergencyPage>
  );
}

/** Spec §5: an address set with the initial order cannot be updated here; it is shown, and the sign-in goes on. */
export function LockedPage({ tag }: { tag: EmergencyScreenTag }) {
  const address = useCurrentAddress();
  // Continue keeps the address: the flow checks it again and registers it as it is.
  return (
    <EmergencyPage tag={tag} title="emergency.locked.title" intro="emergency.locked.intro">
      {address && (
        <p className={local.addressCard}>
          <AddressText address={address} />
        </p>
      )}
      <PageActions>
        <FlowButton look="primary" event={{ type: 'user.confirmAddress' }} label="emergency.continue" />
      </PageActions>
    </EmergencyPage>
  );
}

/**
 * Spec §4 out of country: the disclaimer, accepted with I Accept (another phone must be available for
 * emergencies), or Back to where the user was.
 */
export function OutOfCountryPage({ tag }: { tag: EmergencyScreenTag }) {
  const outside = useOutsideCountry();
  return (
    <EmergencyPage tag={tag} title="emergency.outOfCountry.title" values={{ outside }}>
      <p className={local.warning}>
        <Msg id="emergency.outOfCountry.disclaimer" values={{ outside }} />
      </p>
      <p className={local.body}>
        <Msg id="emergency.outOfCountry.anotherPhone" />
      </p>
      <PageActions>
        <FlowButton look="primary" event={{ type: 'user.accept' }} label="emergency.outOfCountry.accept" />
        <FlowButton event={{ type: 'user.back' }} label="emergency.back" />
      </PageActions>
    </EmergencyPage>
  );
}

/**
 * Spec §4 verification version changed: the address on file under the spec's own words, to edit or
 * to confirm as it is (the flow validates it again).
 */
export function VersionChangedPage({ tag }: { tag: EmergencyScreenTag }) {
  const address = useCurrentAddress();
  return (
    <EmergencyPage tag={tag} title="emergency.versionChanged.title" intro="errors.emergency.versionUpdated">
      {address && (
        <div>
          <h2 className={local.compareHeading}>
            <Msg id="emergency.versionChanged.current" />
          </h2>
          <p className={local.addressCard}>
            <AddressText address={address} />
          </p>
        </div>
      )}
      <PageActions>
        <FlowButton
          look="primary"
          event={{ type: 'user.confirmAddress' }}
          label="emergency.confirm.confirm"
        />
        <FlowButton event={{ type: 'user.edit' }} label="emergency.edit" />
      </PageActions>
    </EmergencyPage>
  );
}
