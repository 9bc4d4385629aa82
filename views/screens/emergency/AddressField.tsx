import type { ReactNode } from 'react';
import type { AddressFieldName, AddressFormatField, StateRecord } from '../../../api/contract/emergency.ts';
import { useSortByName } from '../../../i18n/collate.ts';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { AddressDraft, EmergencyContext } from '../../../machines/emergency/emergency.types.ts';
import type { UiMessage } from '../../../machines/errors.ts';
import { UiMessageText } from '../../UiMessageText.tsx';
import type { ErrorSummaryItem } from '../ErrorSummary.tsx';
import * as styles from '../screens.css.ts';
import * as local from './emergency.css.ts';
import { useStateName } from './stateNames.ts';

/** The browser's own names for address parts, so it can offer what it knows of the user's address. */
const autoComplete: Partial<Record<AddressFieldName, string>> = {
  customerName: 'name',
  street: 'address-line1',
  street2: 'address-line2',
  // The dependent locality (Ireland's locality, New Zealand's suburb, Mexico's colonia): WCAG 1.3.5.
  suburb: 'address-level3',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

export const fieldId = (name: string) => `emergency-${name}`;

interface AddressFieldProps {
  name: AddressFieldName | 'nickname' | 'country';
  label: MessageId;
  required: boolean;
  error: UiMessage | undefined;
  children: (described: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * A field's message as the page words it: the spec §5 messages name the field, so the flow's message
 * gets the label the user sees. The field shows it under itself, and the form's error summary the same.
 */
export function FieldMessage({ error, label }: { error: UiMessage; label: MessageId }) {
  const format = useFormat();
  return <UiMessageText message={{ ...error, values: { ...error.values, field: format(label) } }} />;
}

/** The fields in error in the form's order (the nickname first), each with its own message. */
export function summaryItems(
  draft: AddressDraft,
  errors: EmergencyContext['fieldErrors'],
): ErrorSummaryItem[] {
  const fields = [
    { name: 'nickname', label: 'emergency.label.nickname' } as const,
    ...draft.format.fields.map((field) => ({
      name: field.name,
      label: `emergency.label.${field.labelKey}` as const,
    })),
  ];
  return fields.flatMap(({ name, label }) => {
    const error = errors[name];
    return error ? [{ controlId: fieldId(name), message: <FieldMessage error={error} label={label} /> }] : [];
  });
}

/**
 * A labelled control of the address form whose error is tied to it (aria-invalid, aria-describedby);
 * the form's error summary announces it, so the message is no live region of its own. Required fields
 * carry a mark (read as "required" from the control itself).
 */
export function LabelledControl({ name, label, required, error, children }: AddressFieldProps) {
  const id = fieldId(name);
  const errorId = `${id}-error`;
  return (
    <div className={`${styles.field} ${local.rowField}`}>
      <label className={styles.label} htmlFor={id}>
        <Msg id={label} />
        {required && (
          <span className={local.requiredMark} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, ...(error && { 'aria-invalid': true, 'aria-describedby': errorId }) })}
      <p id={errorId} className={styles.fieldError}>
        {error && <FieldMessage error={error} label={label} />}
      </p>
    </div>
  );
}

/** One field of a country's address format: text with the country's example, or its list of states. */
export function AddressField(props: {
  field: AddressFormatField;
  countryIsoCode: string;
  states: readonly StateRecord[];
  value: string;
  error: UiMessage | undefined;
  onValue: (value: string) => void;
}) {
  const { field, countryIsoCode, states, value, error, onValue } = props;
  const format = useFormat();
  const sortByName = useSortByName();
  const stateName = useStateName(countryIsoCode);
  const label = `emergency.label.${field.labelKey}` as const;
  const asList = field.input === 'select' && states.length > 0;
  return (
    <LabelledControl name={field.name} label={label} required={field.required} error={error}>
      {(described) =>
        asList ? (
          <select
            {...described}
            name={field.name}
            className={`${styles.input} ${local.select}`}
            required={field.required}
            autoComplete={autoComplete[field.name]}
            value={value}
            onChange={(event) => onValue(event.target.value)}
          >
            <option value="">{format('emergency.editor.choose')}</option>
            {sortByName(states, stateName).map((state) => (
              <option key={state.isoCode} value={state.isoCode}>
                {stateName(state)}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...described}
            type="text"
            name={field.name}
            className={styles.input}
            required={field.required}
            maxLength={field.maxLength}
            placeholder={field.example}
            autoComplete={autoComplete[field.name] ?? 'off'}
            spellCheck={false}
            value={value}
            onChange={(event) => onValue(event.target.value)}
          />
        )
      }
    </LabelledControl>
  );
}
