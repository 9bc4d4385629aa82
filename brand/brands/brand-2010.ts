import logo from '../assets/brand-2010.svg';
import logoOnDark from '../assets/brand-2010-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** UK brand; support from Ofcom's drama freephone block 0808 157 0xxx. Regional (spec §9), so it offers sign-up. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2010: BrandTokens = {
  brandId: '2010',
  displayName: 'Marrowby Phone',
  shortDisplayName: 'Marrowby',
  logo: { src: logo, width: 195, height: 40 },
  logoOnDark: { src: logoOnDark, width: 195, height: 40 },
  launchYear: 2012,
  supportPhone: '+448081570201',
  links: {
    legal: 'https://marrowby.example.com/legal',
    privacy: 'https://marrowby.example.com/privacy',
    terms: 'https://marrowby.example.com/terms',
  },
  signUpUrl: 'https://marrowby.example.com/signup',
  theme: {
    colours: {
      brand: '#AE1BBB',
      brandHover: '#5B0E62',
      onBrand: '#FFFFFF',
      background: '#FAF5FA',
      surface: '#FFFFFF',
      text: '#301532',
      textMuted: '#6B556D',
      border: '#8A738C',
      focusRing: '#148F33',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#9D18AA',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand2010;
