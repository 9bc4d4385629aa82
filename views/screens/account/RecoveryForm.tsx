import { parseCredential } from '../../../api/credential.ts';
import type { MessageId } from '../../../i18n/messages.ts';
import { AccountForm, FlowButton, FlowField, PageActions, SubmitButton } from './AccountControls.tsx';
import { AccountPage } from './AccountPage.tsx';
import { useAccount } from './useAccount.ts';

const forms = {
  'screen.resetPasswordEmail': {
    field: 'email',
    kind: 'email',
    intro: 'account.recovery.emailIntro',
    label: 'account.recovery.emailLabel',
    submit: 'account.recovery.emailSubmit',
    input: { type: 'email', autoComplete: 'email', maxLength: 254 },
  },
  'screen.resetPasswordNumber': {
    field: 'number',
    kind: 'number',
    intro: 'account.recovery.numberIntro',
    label: 'account.recovery.numberLabel',
    submit: 'account.continue',
    input: { type: 'tel', autoComplete: 'tel', maxLength: 64 },
  },
} as const satisfies Record<
  string,
  { intro: MessageId; label: MessageId; submit: MessageId; [key: string]: unknown }
>;

/**
 * Spec §2 /resetPassword/email(/{email}) and /resetPassword/number(/{number}): the one field, filled in
 * with what the user already gave when it is of the same kind (the password page's account, the
 * address's value), so most people only confirm it.
 */
export function RecoveryForm({ tag }: { tag: keyof typeof forms }) {
  const form = forms[tag];
  const prefill = useAccount((flow) => {
    const identifier = flow?.context.identifier ?? '';
    const parsed = parseCredential(identifier);
    // The password page's email is no start for the number form (after Back and the other choice).
    return parsed.ok && parsed.credential.kind !== form.kind ? '' : identifier;
  });
  return (
    <AccountPage tag={tag} title="account.recovery.title" intro={form.intro}>
      <AccountForm>
        <FlowField
          name={form.field}
          label={form.label}
          defaultValue={prefill}
          spellCheck={false}
          autoFocus
          {...form.input}
        />
        <PageActions>
          <SubmitButton label={form.submit} />
          <FlowButton event={{ type: 'user.back' }} label="account.back" />
        </PageActions>
      </AccountForm>
    </AccountPage>
  );
}
