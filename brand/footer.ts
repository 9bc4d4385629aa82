import { ownEntry } from '../api/ownEntry.ts';
import type { MessageId } from '../i18n/messages.ts';
import { safeBrandLink } from './links.ts';
import type { BrandLinkKey, BrandLinks } from './tokens.ts';

export type FooterLink = { readonly messageId: MessageId; readonly href: string };
export type FooterContent = { readonly links: readonly FooterLink[]; readonly poweredBy: boolean };

type LinkSpec = { readonly messageId: MessageId; readonly key: BrandLinkKey };
type Variant = { readonly links: readonly LinkSpec[]; readonly poweredBy: boolean };

const link = (key: BrandLinkKey, messageId: MessageId): LinkSpec => ({ key, messageId });

/** The four footer variants of spec §2. */
const partnerVariant: Variant = {
  links: [link('terms', 'footer.terms'), link('privacy', 'footer.privacy')],
  poweredBy: true,
};
const meetingVariant: Variant = {
  links: [link('legal', 'footer.legal'), link('serviceTerms', 'footer.serviceTerms')],
  poweredBy: false,
};
const ukVariant: Variant = {
  links: [
    link('contact', 'footer.contact'),
    link('privacy', 'footer.privacy'),
    // Spec §2 lists "terms" for 7710 too, beside "terms of use"; shown together they read as the same
    // link twice. Spec §9 gives a terms-of-service variant only to brands 2000–4910, so 7710's terms
    // are its terms of use, linked once.
    link('termsOfUse', 'footer.termsOfUse'),
    link('codesOfPractice', 'footer.codesOfPractice'),
    link('complaints', 'footer.complaints'),
    link('feedback', 'footer.feedback'),
  ],
  poweredBy: false,
};
const standardVariant: Variant = {
  links: [link('legal', 'footer.legal'), link('privacy', 'footer.privacy')],
  poweredBy: false,
};

const variantByBrand: Readonly<Record<string, Variant>> = {
  '3420': partnerVariant,
  '3460': partnerVariant,
  '7310': meetingVariant,
  '7710': ukVariant,
};

/**
 * The footer for a brand id, with hrefs from that brand's links. A link the brand lacks, or whose URL
 * is unsafe, is left out rather than rendered dead.
 */
export function footerOf(brandId: string, links: BrandLinks): FooterContent {
  const variant = ownEntry(variantByBrand, brandId) ?? standardVariant;
  const resolved = variant.links.flatMap(({ key, messageId }) => {
    const href = safeBrandLink(links[key]);
    return href === undefined ? [] : [{ messageId, href }];
  });
  return { links: resolved, poweredBy: variant.poweredBy };
}
