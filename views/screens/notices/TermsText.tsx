import type { TermsOfService } from '../../../api/contract/notices.ts';
import { isSafeUrl } from '../../../api/url.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { NewTabLink } from '../../NewTabLink.tsx';
import * as local from './notices.css.ts';
import { useLongDate } from './useNotices.ts';

/** Spec §9: brands 2000 to 4910 have terms of their own (the server picks the variant); the rest the default. */
const points: Record<TermsOfService['variant'], readonly MessageId[]> = {
  default: [
    'notices.terms.default.point1',
    'notices.terms.default.point2',
    'notices.terms.default.point3',
    'notices.terms.default.point4',
  ],
  partner: [
    'notices.terms.partner.point1',
    'notices.terms.partner.point2',
    'notices.terms.partner.point3',
    'notices.terms.partner.point4',
  ],
};

/**
 * The terms themselves: when this version took effect, its summary in the brand's variant, and the
 * full text on the brand's site where the brand names one (a safe URL only, in a new tab).
 */
export function TermsText({ terms, brandName }: { terms: TermsOfService; brandName: string }) {
  const longDate = useLongDate();
  const date = longDate(terms.effectiveDate);
  const fullTerms = terms.termsUrl && isSafeUrl(terms.termsUrl) ? terms.termsUrl : undefined;
  return (
    <section className={local.document} aria-labelledby="terms-summary" data-variant={terms.variant}>
      <h2 id="terms-summary" className={local.documentHeading}>
        <Msg id="notices.terms.summaryHeading" />
      </h2>
      {date && (
        <p className={local.meta}>
          <Msg id="notices.terms.effective" values={{ date }} />
        </p>
      )}
      <ul className={local.list}>
        {points[terms.variant].map((id) => (
          <li key={id}>
            <Msg id={id} values={{ brandName }} />
          </li>
        ))}
      </ul>
      {fullTerms && (
        <p className={local.body}>
          <NewTabLink className={local.link} href={fullTerms}>
            <Msg id="notices.terms.readFull" />
          </NewTabLink>
        </p>
      )}
    </section>
  );
}
