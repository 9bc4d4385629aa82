import type { FormEvent } from 'react';
import { NICKNAME_MAX_LENGTH } from '../../../api/addressRules.ts';
import type { AddressFormatField } from '../../../api/contract/emergency.ts';
import { useSortByName } from '../../../i18n/collate.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type {
  AddressDraft,
  EmergencyContext,
  EmergencyCountry,
} from '../../../machines/emergency/emergency.types.ts';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { ErrorSummary, useErrorSummaryFocus } from '../ErrorSummary.tsx';
import * as styles from '../screens.css.ts';
import { AddressField, LabelledControl, summaryItems } from './AddressField.tsx';
import { useCountryName } from './AddressText.tsx';
import { FlowButton, PageActions, SubmitButton } from './EmergencyControls.tsx';
import { EmergencyPage, type EmergencyScreenTag } from './EmergencyPage.tsx';
import * as local from './emergency.css.ts';
import { useOutsideCountry } from './InfoPages.tsx';
import { useEmergency, useEmergencyLoading, useEmergencyOffer, useEmergencySend } from './useEmergency.ts';

/** The format's fields in its order, those the country writes on one line together. */
export function fieldLines(fields: readonly AddressFormatField[]): AddressFormatField[][] {
  const lines: AddressFormatField[][] = [];
  for (const field of fields) {
    const last = lines.at(-1);
    if (last?.[0]?.line === field.line) last.push(field);
    else lines.push([field]);
  }
  return lines;
}

const noErrors: EmergencyContext['fieldErrors'] = {};

/**
 * Spec §2 editor: the country's address form (its fields, labels, examples, required marks, lengths and
 * state list, in its order), the nickname first for a new personal location, the country list once the
 * out-of-country disclaimer is accepted. The flow checks the fields (spec §5) on Verify; a refused
 * submit (the flow's check or the server's) opens the error summary, which takes the focus.
 */
export function AddressEditor({ tag }: { tag: EmergencyScreenTag }) {
  const send = useEmergencySend();
  const loading = useEmergencyLoading();
  const draft = useEmergency((flow) => flow?.context.draft);
  const personal = useEmergency((flow) => flow?.context.purpose === 'personalLocation');
  const abroad = useEmergency((flow) => flow?.context.outOfCountryAccepted === true);
  const fieldErrors = useEmergency((flow) => flow?.context.fieldErrors ?? noErrors);
  const canBack = useEmergencyOffer({ type: 'user.back' });
  const canLeave = useEmergencyOffer({ type: 'user.outOfCountry' });
  const outside = useOutsideCountry();
  // A refusal of a save made from the confirm or limit page opens the editor with its errors: that
  // answer moves the focus too.
  const { summaryRef, markSubmitted } = useErrorSummaryFocus(
    fieldErrors,
    Object.keys(fieldErrors).length > 0,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    markSubmitted();
    send({ type: 'user.saveAddress' });
  };
  const title = personal ? 'emergency.editor.personalTitle' : 'emergency.editor.title';
  return (
    <EmergencyPage tag={tag} title={title} intro="emergency.editor.intro">
      {!draft ? (
        <LoadingIndicator />
      ) : (
        <form className={styles.form} noValidate onSubmit={submit} aria-busy={loading}>
          <ErrorSummary items={summaryItems(draft, fieldErrors)} summaryRef={summaryRef} />
          <p className={local.muted}>
            <Msg id="emergency.editor.requiredNote" />
          </p>
          {personal && (
            <div className={local.fieldRow}>
              <LabelledControl
                name="nickname"
                label="emergency.label.nickname"
                required
                error={fieldErrors.nickname}
              >
                {(described) => (
                  <input
                    {...described}
                    type="text"
                    name="nickname"
                    className={styles.input}
                    required
                    maxLength={NICKNAME_MAX_LENGTH}
                    autoComplete="off"
                    value={draft.nickname}
                    onChange={(event) =>
                      send({ type: 'user.changeField', field: 'nickname', value: event.target.value })
                    }
                  />
                )}
              </LabelledControl>
            </div>
          )}
          {abroad && (
            <div className={local.fieldRow}>
              <CountryField />
            </div>
          )}
          {/* A new country's form is on its way: the one shown stays until it arrives. */}
          {loading && <LoadingIndicator />}
          {fieldLines(draft.format.fields).map((line) => (
            <div key={line.map((field) => field.name).join(' ')} className={local.fieldRow}>
              {line.map((field) => (
                <AddressField
                  key={field.name}
                  field={field}
                  countryIsoCode={draft.format.countryIsoCode}
                  states={draft.states}
                  value={draft.values[field.name] ?? ''}
                  error={fieldErrors[field.name]}
                  onValue={(value) => send({ type: 'user.changeField', field: field.name, value })}
                />
              ))}
            </div>
          ))}
          {canLeave && (
            <div className={styles.actions}>
              <FlowButton
                look="link"
                event={{ type: 'user.outOfCountry' }}
                label="emergency.outside"
                values={{ outside }}
              />
            </div>
          )}
          <PageActions>
            <SubmitButton label="emergency.editor.submit" />
            {canBack && <FlowButton event={{ type: 'user.back' }} label="emergency.back" />}
          </PageActions>
        </form>
      )}
    </EmergencyPage>
  );
}

const noCountries: readonly EmergencyCountry[] = [];

/** Out of country (after I Accept): the country the address is in; its form replaces this one. */
function CountryField() {
  const send = useEmergencySend();
  const countryName = useCountryName();
  const listed = useEmergency((flow) => flow?.context.countries ?? noCountries);
  const chosen = useEmergency((flow) => flow?.context.formCountryId);
  const own = useEmergency((flow) => flow?.context.draft, sameCountry);
  const current = own && { id: own.countryId, isoCode: own.format.countryIsoCode };
  const missing = current && !listed.some((country) => country.id === current.id);
  const sortByName = useSortByName();
  const countries = sortByName(
    (missing ? [current, ...listed] : listed).map((country) => ({
      ...country,
      name: countryName(country.isoCode),
    })),
    (country) => country.name,
  );
  return (
    <LabelledControl name="country" label="emergency.editor.country" required error={undefined}>
      {(described) => (
        <select
          {...described}
          name="country"
          className={`${styles.input} ${local.select}`}
          autoComplete="country"
          value={String(chosen ?? current?.id ?? '')}
          onChange={(event) => send({ type: 'user.changeCountry', countryId: Number(event.target.value) })}
        >
          {countries.map((country) => (
            <option key={country.id} value={String(country.id)}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}

/** The editor's draft changes with every key; its country only with the form. */
const sameCountry = (a: AddressDraft | undefined, b: AddressDraft | undefined) =>
  a?.countryId === b?.countryId && a?.format.countryIsoCode === b?.format.countryIsoCode;
