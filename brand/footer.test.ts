import { describe, expect, it } from 'vitest';
import brand7710 from './brands/brand-7710.ts';
import { footerOf } from './footer.ts';
import type { BrandLinks } from './tokens.ts';
import { withDetails } from './withDetails.ts';

const everyLink: BrandLinks = {
  legal: 'https://b.example.com/legal',
  privacy: 'https://b.example.com/privacy',
  terms: 'https://b.example.com/terms',
  serviceTerms: 'https://b.example.com/service-terms',
  contact: 'https://b.example.com/contact',
  termsOfUse: 'https://b.example.com/terms-of-use',
  codesOfPractice: 'https://b.example.com/codes',
  complaints: 'https://b.example.com/complaints',
  feedback: 'https://b.example.com/feedback',
};

describe('footerOf', () => {
  it.each([
    ['1210', ['footer.legal', 'footer.privacy'], false],
    ['3420', ['footer.terms', 'footer.privacy'], true],
    ['3460', ['footer.terms', 'footer.privacy'], true],
    ['7310', ['footer.legal', 'footer.serviceTerms'], false],
    [
      '7710',
      [
        'footer.contact',
        'footer.privacy',
        'footer.termsOfUse',
        'footer.codesOfPractice',
        'footer.complaints',
        'footer.feedback',
      ],
      false,
    ],
    ['2010', ['footer.legal', 'footer.privacy'], false],
  ])('brand %s shows %j (powered by: %s)', (brandId, messageIds, poweredBy) => {
    const footer = footerOf(brandId, everyLink);
    expect(footer.links.map((link) => link.messageId)).toEqual(messageIds);
    expect(footer.poweredBy).toBe(poweredBy);
  });

  it('brand 7710 links its terms once, also once its asset files add their terms page (spec §2, §9)', () => {
    const shown = withDetails(brand7710, {
      links: {
        terms: 'https://brackenby.example.com/en-GB/terms',
        legal: 'https://brackenby.example.com/en-GB/legal',
      },
    });
    const terms = footerOf('7710', shown.links).links.filter((link) => /^footer\.terms/.test(link.messageId));
    expect(terms).toEqual([
      { messageId: 'footer.termsOfUse', href: 'https://brackenby.example.com/terms-of-use' },
    ]);
  });

  it('takes each href from the matching brand link', () => {
    expect(footerOf('7310', everyLink).links).toEqual([
      { messageId: 'footer.legal', href: 'https://b.example.com/legal' },
      { messageId: 'footer.serviceTerms', href: 'https://b.example.com/service-terms' },
    ]);
  });

  it('leaves out links the brand lacks and links that are unsafe to open', () => {
    const links: BrandLinks = { legal: ' javascript:alert(1)', privacy: 'https://b.example.com/privacy' };
    expect(footerOf('2010', links).links).toEqual([
      { messageId: 'footer.privacy', href: 'https://b.example.com/privacy' },
    ]);
    expect(footerOf('3420', { terms: 'data:text/html,hi' }).links).toEqual([]);
  });

  it('does not treat inherited object keys as brand ids', () => {
    expect(footerOf('constructor', everyLink).links.map((link) => link.messageId)).toEqual([
      'footer.legal',
      'footer.privacy',
    ]);
  });
});
