import { Msg } from '../../../i18n/Msg.tsx';
import { CODE_EXPIRY_WARNING_SECONDS } from '../../../machines/twoFactor/codeExpiry.ts';
import * as pages from '../pages.css.ts';
import * as local from './twoFactor.css.ts';
import { useTwoFactorTag } from './useTwoFactor.ts';

/**
 * WCAG 2.2.1 (Timing Adjustable): shortly before the sent code expires, that it will and that a new
 * one can be sent; once it has, that it has. Said politely, once each: the region stays while the
 * page does, and its text changes only when the flow's expiry state does. Send a new code follows it.
 */
export function CodeExpiry() {
  const expiring = useTwoFactorTag('codeExpiring');
  const expired = useTwoFactorTag('codeExpired');
  return (
    <div className={local.expiry} aria-live="polite">
      {expiring && (
        <p className={pages.infoNotice}>
          <Msg id="twoFactor.code.expiring" values={{ minutes: CODE_EXPIRY_WARNING_SECONDS / 60 }} />
        </p>
      )}
      {expired && (
        <p className={pages.notice}>
          <Msg id="twoFactor.code.expired" />
        </p>
      )}
    </div>
  );
}
