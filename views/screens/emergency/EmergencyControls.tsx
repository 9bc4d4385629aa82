import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { EmergencyEvent } from '../../../machines/emergency/emergency.types.ts';
import { FlowSubmitButton } from '../FlowControls.tsx';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { useEmergencyBusy, useEmergencySend } from './useEmergency.ts';

type Look = 'primary' | 'secondary' | 'link';
const looks: Record<Look, string> = {
  primary: styles.primaryButton,
  secondary: styles.secondaryButton,
  link: styles.linkButton,
};

/** Sends the flow one of its events (Continue, Edit, I Accept …); like every button here, waits while a call runs. */
export function FlowButton(props: {
  event: EmergencyEvent;
  label: MessageId;
  values?: Readonly<Record<string, string>>;
  look?: Look;
}) {
  const send = useEmergencySend();
  const busy = useEmergencyBusy();
  return (
    <BusyButton className={looks[props.look ?? 'secondary']} busy={busy} onClick={() => send(props.event)}>
      <Msg id={props.label} values={props.values ?? {}} />
    </BusyButton>
  );
}

/** The form's own action (Submit, Verify address …), waiting while a call runs. */
export function SubmitButton({ label }: { label: MessageId }) {
  return <FlowSubmitButton label={label} busy={useEmergencyBusy()} />;
}

export { PageActions } from '../FlowControls.tsx';
