import { useState } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import { AccountForm, FlowButton, FlowField, PageActions, SubmitButton } from './AccountControls.tsx';
import { AccountPage } from './AccountPage.tsx';
import * as local from './account.css.ts';
import { CheckedField } from './Checklist.tsx';
import { SentNotice } from './EmailSent.tsx';
import { answerItems } from './ruleItems.ts';
import { useAccount } from './useAccount.ts';

/**
 * Spec §3 activation, once the code is emailed (371 at sign-in): the code, the account's password and
 * an activation answer (spec §5: support asks for it to confirm who is calling; five characters at
 * least, without the password), then a session as after a sign-in.
 */
export function ActivationForm() {
  const maskedEmail = useAccount((flow) => flow?.context.maskedEmail ?? '');
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState('');
  return (
    <AccountPage
      tag="screen.activateAccount"
      title="account.mail.activateTitle"
      intro="account.activate.codeIntro"
      values={{ maskedEmail }}
    >
      <SentNotice />
      <AccountForm>
        <FlowField
          name="code"
          label="account.activate.codeLabel"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={64}
          autoFocus
        />
        <FlowField
          name="currentPassword"
          label="account.activate.passwordLabel"
          type="password"
          autoComplete="current-password"
          maxLength={256}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <p id="answer-hint" className={local.hint}>
          <Msg id="account.activate.answerHint" />
        </p>
        <CheckedField
          name="answer"
          label="account.activate.answerLabel"
          type="text"
          autoComplete="off"
          maxLength={256}
          aria-describedby="answer-hint"
          value={answer}
          onValue={setAnswer}
          checklist="account.checklist.answerLabel"
          items={answerItems(answer, password)}
        />
        <PageActions>
          <SubmitButton label="account.activate.submit" />
          <FlowButton event={{ type: 'user.resend' }} label="account.activate.resend" />
          <FlowButton event={{ type: 'user.back' }} label="account.backToSignIn" />
        </PageActions>
      </AccountForm>
    </AccountPage>
  );
}
