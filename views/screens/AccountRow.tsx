import { type MouseEvent, useEffect, useState } from 'react';
import { maskCredential } from '../../api/maskCredential.ts';
import { loadBrandTokens } from '../../brand/registry.ts';
import { Msg, useFormat } from '../../i18n/Msg.tsx';
import type { PickerAccount } from '../../machines/accounts.ts';
import { Ltr } from '../Ltr.tsx';
import { useBrand } from '../useBrand.ts';
import * as picker from './accountPicker.css.ts';
import { usePicker, usePickerSend } from './pickerFlow.ts';
import { BusyButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';

/** The first letter of a name, with the marks that sit on it; none when it does not start with a letter. */
const initialOf = (text: string) => /^\p{L}\p{M}*/u.exec(text.trim())?.[0]?.toLocaleUpperCase();

/**
 * The row's avatar, as account choosers draw one: the account's initial (its name's, else its
 * email's) in the brand colour, or a person where all it has is a number. A brand logo, a wide
 * wordmark, had to shrink to a sliver to fit here. Decorative: the row reads the name out itself.
 */
function AccountAvatar({ account }: { account: PickerAccount }) {
  const initial = initialOf(account.displayName) ?? initialOf(account.loginId);
  return (
    <span className={picker.avatar} aria-hidden="true" data-testid="account-avatar">
      {initial ?? (
        <svg className={picker.person} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
          />
        </svg>
      )}
    </span>
  );
}

/** The account's brand's name when it is not the page's brand: the row's one sign of which it is. */
function useOtherBrandName(brandId: string): string | undefined {
  const page = useBrand().brandId;
  const [name, setName] = useState<string>();
  useEffect(() => {
    setName(undefined);
    if (!brandId || brandId === page) return;
    let live = true;
    loadBrandTokens(brandId).then(
      // An id without a token file comes back as the default brand: that is no name for it.
      (tokens) => live && tokens.brandId === brandId && setName(tokens.displayName),
      () => undefined, // Unnamed, the row still reads: a brand name is not worth an error.
    );
    return () => {
      live = false;
    };
  }, [brandId, page]);
  return name;
}

/**
 * WCAG 2.4.3: Remove takes its row away and Sign out disables every button while it runs, so the focus
 * goes to the list (views/screens/AccountPickerScreen.tsx) before, not to <body> after.
 */
const toList = (event: MouseEvent<HTMLButtonElement>) => event.currentTarget.closest('ul')?.focus();

/**
 * One picker row: continue as the account; a passkey it used or made here, where passkeys are allowed;
 * a signed-in account's passkeys; and its Sign out and Remove buttons.
 */
export function AccountRow({ account, busy }: { account: PickerAccount; busy: boolean }) {
  const send = usePickerSend();
  const format = useFormat();
  const masked = maskCredential(account.loginId);
  const label = account.displayName || masked;
  const shownMasked = <Ltr>{masked}</Ltr>;
  const { sessionId } = account;
  const signedIn = sessionId !== undefined;
  // Shown where the brand and the browser allow passkeys; waiting, not gone, while a call runs.
  const passkeys = usePicker((flow) => flow?.context.passkeysUsable === true);
  const brandName = useOtherBrandName(account.brandId);
  return (
    <li className={picker.row}>
      <BusyButton
        className={`${picker.choose} ${picker.waitsGreyed}`}
        busy={busy}
        onClick={() => send({ type: 'user.chooseAccount', loginId: account.loginId })}
      >
        <AccountAvatar account={account} />
        <span className={picker.who}>
          <span className={picker.name}>{account.displayName || shownMasked}</span>
          {account.displayName && <span className={picker.meta}>{shownMasked}</span>}
          {brandName && <span className={picker.meta}>{brandName}</span>}
          <span className={picker.meta}>
            <Msg id={signedIn ? 'accounts.signedIn' : 'accounts.signedOut'} />
          </span>
        </span>
      </BusyButton>
      <span className={picker.rowActions}>
        {account.passkey && passkeys && (
          <BusyButton
            className={styles.linkButton}
            busy={busy}
            aria-label={format('accounts.passkeyLabel', { account: label })}
            onClick={() => send({ type: 'user.signInWithPasskey', loginId: account.loginId })}
          >
            <Msg id="accounts.passkey" />
          </BusyButton>
        )}
        {sessionId !== undefined && passkeys && (
          <BusyButton
            className={styles.linkButton}
            busy={busy}
            aria-label={format('accounts.passkeysLabel', { account: label })}
            onClick={() => send({ type: 'user.managePasskeys', sessionId })}
          >
            <Msg id="accounts.passkeys" />
          </BusyButton>
        )}
        {signedIn && (
          <BusyButton
            className={styles.linkButton}
            busy={busy}
            aria-label={format('accounts.signOutOfLabel', { account: label })}
            onClick={(event) => {
              toList(event);
              send({ type: 'user.signOut', loginId: account.loginId });
            }}
          >
            <Msg id="accounts.signOut" />
          </BusyButton>
        )}
        <BusyButton
          className={styles.linkButton}
          busy={busy}
          aria-label={format('accounts.removeLabel', { account: label })}
          onClick={(event) => {
            toList(event);
            send({ type: 'user.forgetAccount', loginId: account.loginId });
          }}
        >
          <Msg id="accounts.remove" />
        </BusyButton>
      </span>
    </li>
  );
}
