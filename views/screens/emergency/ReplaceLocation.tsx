import { type FormEvent, useEffect, useRef } from 'react';
import type { EmergencyLocation } from '../../../api/contract/emergency.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { FlowButton, PageActions, SubmitButton } from './EmergencyControls.tsx';
import { EmergencyPage, type EmergencyScreenTag, screenNameOf } from './EmergencyPage.tsx';
import * as local from './emergency.css.ts';
import { LocationOptions } from './LocationOptions.tsx';
import { useEmergency, useEmergencyOffer, useEmergencySend } from './useEmergency.ts';

type ReplaceTag = Extract<
  EmergencyScreenTag,
  'screen.emergencyReplace' | 'screen.emergencyDeleteReplacement'
>;

const pages: Record<
  ReplaceTag,
  { title: MessageId; intro: MessageId; legend: MessageId; submit: MessageId }
> = {
  'screen.emergencyReplace': {
    title: 'emergency.replace.title',
    intro: 'emergency.replace.intro',
    legend: 'emergency.replace.legend',
    submit: 'emergency.replace.submit',
  },
  'screen.emergencyDeleteReplacement': {
    title: 'emergency.deleteReplacement.title',
    intro: 'errors.emergency.erlInUse',
    legend: 'emergency.deleteReplacement.legend',
    submit: 'emergency.deleteReplacement.submit',
  },
};
const none: readonly EmergencyLocation[] = [];

/**
 * Spec §4's two choices of a location in place of another: at the personal limit, which of the user's
 * own locations the new one replaces; and, deleting a location another number uses, which available
 * location that number moves to. Either way the choice goes to the flow, and Submit carries it out.
 */
export function ReplaceLocation({ tag }: { tag: ReplaceTag }) {
  const send = useEmergencySend();
  const page = pages[tag];
  const limit = useEmergency((flow) => String(flow?.context.situation?.erlLimit ?? ''));
  const candidates = useEmergency((flow) => {
    const context = flow?.context;
    const locations = context?.situation?.locations ?? none;
    if (tag === 'screen.emergencyReplace')
      return locations.filter((location) => location.category === 'personal');
    return locations.filter((location) => context?.replacementCandidates.includes(location.locationId));
  }, sameLocations);
  const chosen = useEmergency((flow) => flow?.context.replaceLocationId);
  const deleting = useEmergency((flow) => {
    const context = flow?.context;
    return context?.situation?.locations.find(
      (location) => location.locationId === context.deletingLocationId,
    )?.nickname;
  });
  const formError = useEmergency((flow) => flow?.context.formError);
  const canBack = useEmergencyOffer({ type: 'user.back' });
  const list = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (formError) list.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  }, [formError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.submit' });
  };
  return (
    <EmergencyPage tag={tag} title={page.title} intro={page.intro} values={{ limit }}>
      {tag === 'screen.emergencyDeleteReplacement' && deleting !== undefined && (
        <p className={local.body}>
          <Msg id="emergency.deleteReplacement.deleting" values={{ nickname: deleting }} />
        </p>
      )}
      <form className={styles.form} noValidate onSubmit={submit}>
        <fieldset
          ref={list}
          className={local.fieldset}
          aria-describedby={formError ? `${screenNameOf(tag)}-error` : undefined}
        >
          <legend className={local.legend}>
            <Msg id={page.legend} />
          </legend>
          <LocationOptions
            name="replacement"
            locations={candidates}
            checked={chosen}
            onCheck={(locationId) => send({ type: 'user.chooseReplacement', locationId })}
          />
        </fieldset>
        <PageActions>
          <SubmitButton label={page.submit} />
          {canBack && <FlowButton event={{ type: 'user.back' }} label="emergency.back" />}
        </PageActions>
      </form>
    </EmergencyPage>
  );
}

/** The lists are built anew on each selection; the same locations in the same order are the same list. */
function sameLocations(a: readonly EmergencyLocation[], b: readonly EmergencyLocation[]) {
  return a.length === b.length && a.every((location, index) => location === b[index]);
}
