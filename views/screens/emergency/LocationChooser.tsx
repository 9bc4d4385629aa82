import { type FormEvent, useEffect, useRef } from 'react';
import type { EmergencyLocation } from '../../../api/contract/emergency.ts';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { FlowButton, PageActions, SubmitButton } from './EmergencyControls.tsx';
import { EmergencyPage, type EmergencyScreenTag, screenNameOf } from './EmergencyPage.tsx';
import * as local from './emergency.css.ts';
import { useOutsideCountry } from './InfoPages.tsx';
import { LocationOptions } from './LocationOptions.tsx';
import { useEmergency, useEmergencyBusy, useEmergencyOffer, useEmergencySend } from './useEmergency.ts';

const noLocations: readonly EmergencyLocation[] = [];

/**
 * Spec §2 /emergencyAddress with ERLs in use: the company's and the user's own locations as one radio
 * group (spec §4, §6), Add new personal location, Delete on the user's own, the out-of-country path,
 * and Submit. Submitting with none chosen says 'Please select an Emergency Response Location' and puts
 * the focus on the list.
 */
export function LocationChooser({ tag }: { tag: EmergencyScreenTag }) {
  const send = useEmergencySend();
  const busy = useEmergencyBusy();
  const format = useFormat();
  const locations = useEmergency((flow) => flow?.context.situation?.locations ?? noLocations);
  const selected = useEmergency((flow) => flow?.context.selectedLocationId);
  const formError = useEmergency((flow) => flow?.context.formError);
  const canAdd = useEmergencyOffer({ type: 'user.addLocation' });
  const canDelete = useEmergency((flow) => {
    const own = flow?.context.situation?.locations.find((location) => location.category === 'personal');
    return (
      own !== undefined && flow?.can({ type: 'user.deleteLocation', locationId: own.locationId }) === true
    );
  });
  const canLeave = useEmergencyOffer({ type: 'user.outOfCountry' });
  const outside = useOutsideCountry();
  const list = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (formError) list.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  }, [formError]);
  const company = locations.filter((location) => location.category === 'company');
  const personal = locations.filter((location) => location.category === 'personal');
  const choose = (locationId: string) => send({ type: 'user.selectLocation', locationId });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.submit' });
  };
  const deleteButton = (location: EmergencyLocation) => (
    <BusyButton
      className={styles.linkButton}
      busy={busy}
      aria-label={format('emergency.chooser.deleteLabel', { nickname: location.nickname })}
      onClick={() => send({ type: 'user.deleteLocation', locationId: location.locationId })}
    >
      <Msg id="emergency.chooser.delete" />
    </BusyButton>
  );
  return (
    <EmergencyPage tag={tag} title="emergency.chooser.title" intro="emergency.chooser.intro">
      <form className={styles.form} noValidate onSubmit={submit}>
        <fieldset
          ref={list}
          className={local.fieldset}
          aria-describedby={formError ? `${screenNameOf(tag)}-error` : undefined}
        >
          <legend className={local.legend}>
            <Msg id="emergency.chooser.legend" />
          </legend>
          {company.length > 0 && (
            <>
              <h2 className={local.groupHeading}>
                <Msg id="emergency.chooser.company" />
              </h2>
              <LocationOptions name="location" locations={company} checked={selected} onCheck={choose} />
            </>
          )}
          {personal.length > 0 && (
            <>
              <h2 className={local.groupHeading}>
                <Msg id="emergency.chooser.personal" />
              </h2>
              <LocationOptions
                name="location"
                locations={personal}
                checked={selected}
                onCheck={choose}
                aside={canDelete ? deleteButton : undefined}
              />
            </>
          )}
        </fieldset>
        {(canAdd || canLeave) && (
          <div className={styles.actions}>
            {canAdd && (
              <FlowButton look="link" event={{ type: 'user.addLocation' }} label="emergency.chooser.add" />
            )}
            {canLeave && (
              <FlowButton
                look="link"
                event={{ type: 'user.outOfCountry' }}
                label="emergency.outside"
                values={{ outside }}
              />
            )}
          </div>
        )}
        <PageActions>
          <SubmitButton label="emergency.submit" />
        </PageActions>
      </form>
    </EmergencyPage>
  );
}
