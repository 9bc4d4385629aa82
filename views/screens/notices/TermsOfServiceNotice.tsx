import { type FormEvent, useRef } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { useBrand } from '../../useBrand.ts';
import * as pageStyles from '../pages.css.ts';
import * as styles from '../screens.css.ts';
import { AcceptDecline, NoticePage, type NoticeScreenTag } from './NoticePage.tsx';
import * as local from './notices.css.ts';
import { TermsText } from './TermsText.tsx';
import { useNotices, useNoticesBusy, useNoticesNow, useNoticesSend } from './useNotices.ts';

const AGREE_ID = 'terms-agree';

/**
 * The terms of service the account must accept (ours, 730): the text, then "I have read and accept the
 * terms" (required) with Accept and Decline. Accept without the tick says so at the box, announced,
 * and moves the focus there. When the terms changed while the user read them (731), the new version
 * shows with a note saying so. A load that failed for now says why, with Try again.
 */
export function TermsOfServiceNotice({ tag }: { tag: NoticeScreenTag }) {
  const send = useNoticesSend();
  const now = useNoticesNow();
  const busy = useNoticesBusy();
  const loading = useNotices((flow) => flow?.hasTag('loading') === true);
  const canRetry = useNotices((flow) => flow?.can({ type: 'user.retry' }) === true);
  const terms = useNotices((flow) => flow?.context.terms);
  const agreed = useNotices((flow) => flow?.context.termsAgreed === true);
  const missing = useNotices((flow) => flow?.context.agreementMissing === true);
  const changed = useNotices((flow) => flow?.context.termsChanged === true);
  const brandName = useBrand().displayName;
  const checkbox = useRef<HTMLInputElement>(null);

  if (loading || canRetry || !terms)
    return (
      <NoticePage tag={tag} title="notices.terms.title">
        {canRetry ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() => send({ type: 'user.retry' })}
            >
              <Msg id="notices.retry" />
            </button>
          </div>
        ) : (
          <LoadingIndicator />
        )}
      </NoticePage>
    );

  const accept = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.accept' });
    // Each refused Accept moves the focus to the box, the second one too (its message stays the same).
    if (now()?.context.agreementMissing) checkbox.current?.focus();
  };
  return (
    <NoticePage tag={tag} title={terms.updated ? 'notices.terms.updatedTitle' : 'notices.terms.title'}>
      {changed && (
        <p role="status" className={pageStyles.infoNotice}>
          <Msg id="notices.terms.changed" />
        </p>
      )}
      <p className={styles.subtitle}>
        <Msg
          id={terms.updated ? 'notices.terms.updatedIntro' : 'notices.terms.intro'}
          values={{ brandName }}
        />
      </p>
      <TermsText terms={terms} brandName={brandName} />
      <form className={styles.form} noValidate onSubmit={accept} aria-busy={busy}>
        <div className={local.agreement}>
          <label className={styles.checkboxLabel} htmlFor={AGREE_ID}>
            <input
              ref={checkbox}
              id={AGREE_ID}
              type="checkbox"
              name="agree"
              className={local.checkbox}
              required
              checked={agreed}
              disabled={busy}
              aria-invalid={missing}
              aria-describedby={missing ? `${AGREE_ID}-error` : undefined}
              onChange={(event) => send({ type: 'user.changeAgreement', agreed: event.target.checked })}
            />
            <Msg id="notices.terms.agree" />
          </label>
          <p role="alert" id={`${AGREE_ID}-error`} className={styles.fieldError}>
            {missing && <Msg id="notices.terms.agreeRequired" />}
          </p>
        </div>
        <AcceptDecline />
      </form>
    </NoticePage>
  );
}
