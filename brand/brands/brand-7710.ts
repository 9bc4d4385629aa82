import logo from '../assets/brand-7710.svg';
import logoOnDark from '../assets/brand-7710-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/**
 * UK brand. Fictional: the support number is in Ofcom's range reserved for drama (0808 157 0xxx)
 * and every link is under example.com.
 */
export const brand7710: BrandTokens = {
  brandId: '7710',
  displayName: 'Brackenby Voice',
  shortDisplayName: 'Brackenby',
  logo: { src: logo, width: 185, height: 40 },
  logoOnDark: { src: logoOnDark, width: 185, height: 40 },
  launchYear: 2018,
  supportPhone: '+448081570771',
  links: {
    legal: 'https://brackenby.example.com/legal',
    contact: 'https://brackenby.example.com/contact',
    privacy: 'https://brackenby.example.com/privacy',
    termsOfUse: 'https://brackenby.example.com/terms-of-use',
    codesOfPractice: 'https://brackenby.example.com/codes-of-practice',
    complaints: 'https://brackenby.example.com/complaints',
    terms: 'https://brackenby.example.com/terms',
    feedback: 'https://brackenby.example.com/feedback',
  },
  theme: {
    colours: {
      brand: '#7B1E5A',
      brandHover: '#5C1643',
      onBrand: '#FFFFFF',
      background: '#FAF6F1',
      surface: '#FFFFFF',
      text: '#2A1A24',
      textMuted: '#5C4A55',
      border: '#85737F',
      focusRing: '#1D4E89',
      error: '#A4161A',
      errorSurface: '#FDF0F0',
      success: '#1D6B3A',
      link: '#7B1E5A',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand7710;
