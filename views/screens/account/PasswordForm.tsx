import { useState } from 'react';
import { PIN_MAX_LENGTH } from '../../../api/passwordRules.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { AccountForm, FlowField, PageActions, SubmitButton } from './AccountControls.tsx';
import { AccountPage, type AccountScreenTag } from './AccountPage.tsx';
import * as local from './account.css.ts';
import { CheckedField } from './Checklist.tsx';
import { passwordItems, pinItems } from './ruleItems.ts';
import { useAccount, useAccountLoading } from './useAccount.ts';

type PasswordTag = Extract<
  AccountScreenTag,
  | 'screen.createPassword'
  | 'screen.enforceResetPassword'
  | 'screen.changeOneTimePassword'
  | 'screen.changePassword'
  | 'screen.legacyPasswordChange'
>;
/** What each kind of page says, and whether it asks for the current password. */
const pages: Record<PasswordTag, { title: MessageId; intro: MessageId; current: boolean }> = {
  'screen.createPassword': {
    title: 'account.password.createTitle',
    intro: 'account.password.createIntro',
    current: false,
  },
  'screen.enforceResetPassword': {
    title: 'account.password.enforcedTitle',
    intro: 'account.password.enforcedIntro',
    current: false,
  },
  'screen.changeOneTimePassword': {
    title: 'account.password.oneTimeTitle',
    intro: 'account.password.oneTimeIntro',
    current: false,
  },
  'screen.changePassword': {
    title: 'account.password.changeTitle',
    intro: 'account.password.changeIntro',
    current: true,
  },
  'screen.legacyPasswordChange': {
    title: 'account.password.legacyTitle',
    intro: 'account.password.legacyIntro',
    current: true,
  },
};
const setupPage = {
  title: 'account.password.setupTitle',
  intro: 'account.password.setupIntro',
  current: false,
} as const;
const noAccountInfo = {};
const secret = { type: 'password', maxLength: 256, spellCheck: false } as const;
// A PIN is typed as text: a second password field would be taken by password managers for the password.
const pinInput = {
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: PIN_MAX_LENGTH,
  spellCheck: false,
} as const;

/**
 * The spec §3 password-setup form, for every page that sets a password: the emailed reset or set-up
 * link, the enforced and one-time changes, the voluntary change and the expired legacy password. The
 * new password's (and PIN's) rules tick as the user types; the flow checks them again on submit.
 */
export function PasswordForm({ tag }: { tag: PasswordTag }) {
  const loading = useAccountLoading();
  const setupPassword = useAccount((flow) => flow?.context.setupPassword === true);
  const username = useAccount((flow) => flow?.context.loginId ?? flow?.context.identifier ?? '');
  const accountInfo = useAccount((flow) => flow?.context.accountInfo ?? noAccountInfo);
  const lastUsed = useAccount((flow) => flow?.context.numberOfLastUsedPasswords ?? 0);
  // The legacy change sets the password only (spec §7 change-legacy-password has no PIN).
  const askPin = useAccount((flow) => flow?.context.hasPin === true) && tag !== 'screen.legacyPasswordChange';
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const page = tag === 'screen.createPassword' && setupPassword ? setupPage : pages[tag];
  return (
    <AccountPage tag={tag} title={page.title} intro={page.intro} values={{ account: username }}>
      {loading ? (
        <LoadingIndicator />
      ) : (
        <AccountForm>
          {/* Password managers pair the new password with this account; it is not a field to edit. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {page.current && (
            <FlowField
              name="currentPassword"
              label="account.password.currentLabel"
              autoComplete="current-password"
              autoFocus
              {...secret}
            />
          )}
          <CheckedField
            name="password"
            label="account.password.newLabel"
            autoComplete="new-password"
            autoFocus={!page.current}
            {...secret}
            value={password}
            onValue={setPassword}
            checklist="account.checklist.passwordLabel"
            items={passwordItems(password, accountInfo)}
          />
          {lastUsed > 0 && (
            <p className={local.hint}>
              <Msg id="errors.form.lastUsedPasswords" values={{ count: lastUsed }} />
            </p>
          )}
          <FlowField
            name="passwordRetype"
            label="account.password.retypeLabel"
            autoComplete="new-password"
            {...secret}
          />
          {askPin && (
            <>
              <CheckedField
                name="pin"
                label="account.password.pinLabel"
                {...pinInput}
                value={pin}
                onValue={setPin}
                checklist="account.checklist.pinLabel"
                items={pinItems(pin, accountInfo)}
              />
              <FlowField name="pinRetype" label="account.password.pinRetypeLabel" {...pinInput} />
            </>
          )}
          <PageActions>
            <SubmitButton label="account.password.submit" />
          </PageActions>
        </AccountForm>
      )}
    </AccountPage>
  );
}
