import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type {
  AccountEvent,
  AccountField,
  AccountFormValues,
} from '../../../machines/account/account.types.ts';
import { UiMessageText } from '../../UiMessageText.tsx';
import { ErrorSummary, useErrorSummaryFocus } from '../ErrorSummary.tsx';
import { FlowSubmitButton } from '../FlowControls.tsx';
import { PasswordField } from '../PasswordField.tsx';
import { BusyButton } from '../SubmitButton.tsx';
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
 * A page's form: its fields go to the flow as user.submit, which checks them (spec §5). A refused
 * submit (the flow's check or the server's) opens the error summary, which takes the focus: its links
 * are the fields' messages, in the form's order (the flow gives them so), without their own links.
 */
export function AccountForm({ children }: { children: ReactNode }) {
  const send = useAccountSend();
  const fieldErrors = useAccount((flow) => flow?.context.fieldErrors);
  // The account's field errors change only with the answer to a submit: each one moves the focus.
  const { summaryRef, markSubmitted } = useErrorSummaryFocus(fieldErrors, true);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    send({ type: 'user.submit', values: valuesOf(event.currentTarget) });
  };
  const items = Object.entries(fieldErrors ?? {}).flatMap(([field, error]) =>
    error
      ? [
          {
            controlId: field,
            message: (
              <UiMessageText message={{ id: error.id, ...(error.values && { values: error.values }) }} />
            ),
          },
        ]
      : [],
  );
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <ErrorSummary items={items} summaryRef={summaryRef} />
      {children}
    </form>
  );
}

export type FlowFieldProps = Omit<ComponentProps<typeof TextField>, 'name' | 'error'> & {
  name: AccountField;
};

/** A labelled field of an account form, with the error the flow gave it; a password one can be shown. */
export function FlowField({ name, type, ...input }: FlowFieldProps) {
  const error = useAccount((flow) => flow?.context.fieldErrors[name]);
  return type === 'password' ? (
    <PasswordField name={name} error={error} errorInSummary {...input} />
  ) : (
    <TextField name={name} error={error} errorInSummary type={type} {...input} />
  );
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
    <BusyButton className={className} busy={busy} onClick={() => send(props.event)}>
      <Msg id={props.label} />
    </BusyButton>
  );
}

/** The form's own action (Send reset link, Save password …), waiting while a call runs. */
export function SubmitButton({ label }: { label: MessageId }) {
  return <FlowSubmitButton label={label} busy={useAccountBusy()} />;
}

export { PageActions } from '../FlowControls.tsx';
