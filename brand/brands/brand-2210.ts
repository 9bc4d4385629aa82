import logo from '../assets/brand-2210.svg';
import logoOnDark from '../assets/brand-2210-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2210: BrandTokens = {
  brandId: '2210',
  displayName: 'Brindleway Talk',
  shortDisplayName: 'Brindleway',
  logo: { src: logo, width: 193, height: 40 },
  logoOnDark: { src: logoOnDark, width: 193, height: 40 },
  launchYear: 2016,
  supportPhone: '+18885550129',
  links: {
    legal: 'https://brindleway.example.com/legal',
    privacy: 'https://brindleway.example.com/privacy',
    terms: 'https://brindleway.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#5B25B1',
      brandHover: '#30145D',
      onBrand: '#FFFFFF',
      background: '#F7F5FA',
      surface: '#FFFFFF',
      text: '#201532',
      textMuted: '#5E556D',
      border: '#7D738C',
      focusRing: '#378F14',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#5222A0',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand2210;
