import logo from '../assets/brand-5010.svg';
import logoOnDark from '../assets/brand-5010-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** Australian brand; support from ACMA's fictional 1800 160 4xx block. Regional (spec §9), so it offers sign-up. Fictional; mirrors server/db/seed-brands.ts. */
export const brand5010: BrandTokens = {
  brandId: '5010',
  displayName: 'Coralind Phone',
  shortDisplayName: 'Coralind',
  logo: { src: logo, width: 178, height: 40 },
  logoOnDark: { src: logoOnDark, width: 178, height: 40 },
  launchYear: 2016,
  supportPhone: '+611800160401',
  links: {
    legal: 'https://coralind.example.com/legal',
    privacy: 'https://coralind.example.com/privacy',
    terms: 'https://coralind.example.com/terms',
  },
  signUpUrl: 'https://coralind.example.com/signup',
  theme: {
    colours: {
      brand: '#A63061',
      brandHover: '#571933',
      onBrand: '#FFFFFF',
      background: '#FAF5F7',
      surface: '#FFFFFF',
      text: '#321521',
      textMuted: '#6D555F',
      border: '#8C737D',
      focusRing: '#148F85',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#962C58',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand5010;
