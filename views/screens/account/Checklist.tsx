import type { ChangeEvent } from 'react';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { visuallyHidden } from '../../frame/a11y.css.ts';
import * as styles from '../screens.css.ts';
import { FlowField, type FlowFieldProps } from './AccountControls.tsx';
import * as local from './account.css.ts';
import type { ChecklistItem } from './ruleItems.ts';

interface ChecklistProps {
  /** The list's id, for the field's aria-describedby. */
  id: string;
  label: MessageId;
  items: readonly ChecklistItem[];
  /** Whether the user has typed yet: an empty field has nothing to announce. */
  typed: boolean;
}

/**
 * Spec §5 rules as a list that ticks while the user types. Each item says "met" or "not met" in words
 * as well as by its mark; screen readers hear a short count when it changes, not the whole list on
 * every keystroke (the list itself is read with the field, through aria-describedby).
 */
export function Checklist({ id, label, items, typed }: ChecklistProps) {
  const format = useFormat();
  const met = items.filter((item) => item.met).length;
  return (
    <>
      <ul id={id} className={local.checklist} aria-label={format(label)}>
        {items.map((item) => {
          // Nothing typed yet is nothing to judge: the rules are listed, none marked met or not met.
          const met = typed ? item.met : undefined;
          return (
            <li key={item.id} className={met ? local.met : local.unmet} data-met={met}>
              <span className={local.mark} aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              <span>
                <Msg id={item.id} />
                {met !== undefined && (
                  <span className={visuallyHidden}>
                    {' ('}
                    <Msg id={met ? 'account.checklist.met' : 'account.checklist.notMet'} />)
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={visuallyHidden} aria-live="polite">
        {typed && <Msg id="account.checklist.summary" values={{ met, total: items.length }} />}
      </p>
    </>
  );
}

type CheckedFieldProps = Omit<FlowFieldProps, 'value' | 'onChange'> & {
  value: string;
  onValue: (value: string) => void;
  checklist: MessageId;
  items: readonly ChecklistItem[];
};

/** A field with its rules listed under it, ticking as the user types (the value is the form's state). */
export function CheckedField({ value, onValue, checklist, items, ...field }: CheckedFieldProps) {
  const listId = `${field.name}-rules`;
  const describedBy = [field['aria-describedby'], listId].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <FlowField
        {...field}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValue(event.currentTarget.value)}
        aria-describedby={describedBy}
      />
      <Checklist id={listId} label={checklist} items={items} typed={value !== ''} />
    </div>
  );
}
