import { type FormEvent, useEffect, useRef } from 'react';
import type { EmergencyAddress } from '../../../api/contract/emergency.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { AddressText } from './AddressText.tsx';
import { FlowButton, PageActions, SubmitButton } from './EmergencyControls.tsx';
import { EmergencyPage, type EmergencyScreenTag, screenNameOf } from './EmergencyPage.tsx';
import * as local from './emergency.css.ts';
import { useEmergency, useEmergencySend } from './useEmergency.ts';

type Kind = 'one' | 'several' | 'none' | 'provisioning';
const intros: Record<Kind, MessageId> = {
  one: 'emergency.confirm.oneIntro',
  several: 'emergency.confirm.severalIntro',
  none: 'emergency.confirm.noneIntro',
  provisioning: 'emergency.confirm.provisioningIntro',
};
const noSuggestions: readonly EmergencyAddress[] = [];

/**
 * Spec §2 confirm page, after validate-address (spec §4): one suggestion beside what was typed (Use
 * this address), several to choose from, none ('No matching address found.', then Edit), or an address
 * accepted now and verified later (Provisioning).
 */
export function ConfirmAddress({ tag }: { tag: EmergencyScreenTag }) {
  const send = useEmergencySend();
  const status = useEmergency((flow) => flow?.context.validation?.status);
  const suggestions = useEmergency((flow) => flow?.context.validation?.suggestions ?? noSuggestions);
  const typed = useEmergency((flow) => {
    const draft = flow?.context.draft;
    return draft && { ...draft.values, country: draft.format.countryIsoCode };
  }, sameAddress);
  const chosen = useEmergency((flow) => flow?.context.chosenSuggestion);
  const formError = useEmergency((flow) => flow?.context.formError);
  // The flow's formError words the status (spec §8: no match, invalid, not recognized); the page
  // shows what there is to choose from.
  const kind: Kind =
    status === 'Provisioning'
      ? 'provisioning'
      : suggestions.length > 1
        ? 'several'
        : status === 'Invalid' && suggestions.length === 0
          ? 'none'
          : 'one';
  const list = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (formError) list.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  }, [formError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.useSuggestion' });
  };
  const suggestion = suggestions[0];
  return (
    <EmergencyPage tag={tag} title="emergency.confirm.title" intro={intros[kind]}>
      <form className={styles.form} noValidate onSubmit={submit}>
        {kind === 'several' ? (
          <fieldset
            ref={list}
            className={local.fieldset}
            aria-describedby={formError ? `${screenNameOf(tag)}-error` : undefined}
          >
            <legend className={local.legend}>
              <Msg id="emergency.confirm.suggestions" />
            </legend>
            <ul className={local.options}>
              {suggestions.map((address, index) => (
                // The validator's candidates have no ids of their own; their order is the answer's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life
                <li key={index} className={local.option}>
                  <label className={local.optionLabel} htmlFor={`suggestion-${index}`}>
                    <input
                      type="radio"
                      id={`suggestion-${index}`}
                      name="suggestion"
                      className={local.radio}
                      checked={chosen === index}
                      onChange={() => send({ type: 'user.chooseSuggestion', index })}
                    />
                    <AddressText address={address} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : (
          <div className={local.compare}>
            {typed && <Shown heading="emergency.confirm.entered" address={typed} />}
            {kind === 'one' && suggestion && (
              <Shown heading="emergency.confirm.suggested" address={suggestion} />
            )}
          </div>
        )}
        <PageActions>
          {kind !== 'none' && <SubmitButton label={useLabels[kind]} />}
          <FlowButton
            look={kind === 'none' ? 'primary' : 'secondary'}
            event={{ type: 'user.edit' }}
            label="emergency.edit"
          />
        </PageActions>
      </form>
    </EmergencyPage>
  );
}

const useLabels: Record<Exclude<Kind, 'none'>, MessageId> = {
  one: 'emergency.confirm.use',
  several: 'emergency.confirm.useSelected',
  provisioning: 'emergency.continue',
};

function Shown({ heading, address }: { heading: MessageId; address: EmergencyAddress }) {
  return (
    <div>
      <h2 className={local.compareHeading}>
        <Msg id={heading} />
      </h2>
      <p className={local.addressCard}>
        <AddressText address={address} />
      </p>
    </div>
  );
}

function sameAddress(a: EmergencyAddress | undefined, b: EmergencyAddress | undefined) {
  if (a === undefined || b === undefined) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof EmergencyAddress>;
  return [...keys].every((key) => a[key] === b[key]);
}
