import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type {
  AccountEvent,
  AccountField,
  AccountFormValues,
} from '../../../machines/account/account.types.ts';
import { FlowSubmitButton } from '../FlowControls.tsx';
import * as styles from '../screens.css.ts';
import { TextField } from '../TextField.tsx';
import { useAccount, useAccountBusy, useAccountSend } from './useAccount.ts';

const FIELDS = [
  'email',
  'number',
  'currentPassword',
  'password',
  'passwordRetype',
  'pin',
  'pinRetype',
  'code',
  'answer',
] as const satisfies readonly AccountField[];

/** The account fields a submitted form has; a field the form does not have stays out. */
function valuesOf(form: HTMLFormElement): AccountFormValues {
  const data = new FormData(form);
  return Object.fromEntries(
    FIELDS.flatMap((field) => {
      const value = data.get(field);
      return typeof value === 'string' ? [[field, value]] : [];
    }),
  );
}

/**
 * A page's form: its fields go to the flow as user.submit, which checks them (spec §5). After a refused
 * submit, focus moves to the first field in error, whose message its alert has just announced.
 */
export function AccountForm({ children }: { children: ReactNode }) {
  const send = useAccountSend();
  const form = useRef<HTMLFormElement>(null);
  const fieldErrors = useAccount((flow) => flow?.context.fieldErrors);
  useEffect(() => {
    if (fieldErrors && Object.keys(fieldErrors).length > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submit', values: valuesOf(event.currentTarget) });
  };
  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit}>
      {children}
    </form>
  );
}

export type FlowFieldProps = Omit<ComponentProps<typeof TextField>, 'name' | 'error'> & {
  name: AccountField;
};

/** A labelled field of an account form, with the error the flow gave it. */
export function FlowField({ name, ...input }: FlowFieldProps) {
  const error = useAccount((flow) => flow?.context.fieldErrors[name]);
  return <TextField name={name} error={error} {...input} />;
}

/** Sends the flow one of its events (Send, Back, Resend …); like every button here, waits while a call runs. */
export function FlowButton(props: {
  event: AccountEvent;
  label: MessageId;
  primary?: boolean;
  link?: boolean;
}) {
  const send = useAccountSend();
  const busy = useAccountBusy();
  const className = props.primary
    ? styles.primaryButton
    : props.link
      ? styles.linkButton
      : styles.secondaryButton;
  return (
    <button type="button" className={className} disabled={busy} onClick={() => send(props.event)}>
      <Msg id={props.label} />
    </button>
  );
}

/** The form's own action (Send reset link, Save password …), waiting while a call runs. */
export function SubmitButton({ label }: { label: MessageId }) {
  return <FlowSubmitButton label={label} busy={useAccountBusy()} />;
}

export { PageActions } from '../FlowControls.tsx';
