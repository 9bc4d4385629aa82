import logo from '../assets/brand-1210.svg';
import logoOnDark from '../assets/brand-1210-dark.svg';
import type { BrandTokens } from '../tokens.ts';

const fonts = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};
const radii = { s: '4px', m: '8px', l: '16px' };

/** Default brand (US). Fictional: names, numbers (555 range) and addresses are invented. */
export const brand1210: BrandTokens = {
  brandId: '1210',
  displayName: 'Orvalle Connect',
  shortDisplayName: 'Orvalle',
  logo: { src: logo, width: 190, height: 40 },
  logoOnDark: { src: logoOnDark, width: 190, height: 40 },
  launchYear: 2009,
  supportPhone: '+18885550100',
  links: {
    legal: 'https://orvalle.example.com/legal',
    privacy: 'https://orvalle.example.com/legal/privacy',
    terms: 'https://orvalle.example.com/legal/terms',
    serviceTerms: 'https://orvalle.example.com/legal/service-terms',
  },
  signUpUrl: 'https://orvalle.example.com/signup',
  theme: {
    colours: {
      brand: '#1B55C4',
      brandHover: '#153F91',
      onBrand: '#FFFFFF',
      background: '#F2F5FA',
      surface: '#FFFFFF',
      text: '#14213D',
      textMuted: '#4A5568',
      border: '#6F7A8C',
      focusRing: '#0A2F75',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#1A4FB8',
    },
    fonts,
    radii,
  },
  themes: {
    // Hand-tuned rather than derived (brand/darkTheme.ts): the default brand's dark palette is on the
    // first screen, so it is written out, and it is the one the derivation rule was drawn from.
    dark: {
      scheme: 'dark',
      colours: {
        brand: '#5AA9FF',
        brandHover: '#8CC4FF',
        onBrand: '#0B1A2E',
        background: '#121417',
        surface: '#1C1F24',
        text: '#F2F4F7',
        textMuted: '#B8C0CC',
        border: '#7D8796',
        focusRing: '#FFB547',
        error: '#FF8A80',
        errorSurface: '#3A1D1D',
        success: '#7BD88F',
        link: '#8CC4FF',
      },
      fonts,
      radii,
    },
  },
};
