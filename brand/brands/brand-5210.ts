import logo from '../assets/brand-5210.svg';
import logoOnDark from '../assets/brand-5210-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand5210: BrandTokens = {
  brandId: '5210',
  displayName: 'Nettlecroft Connect',
  shortDisplayName: 'Nettlecroft',
  logo: { src: logo, width: 221, height: 40 },
  logoOnDark: { src: logoOnDark, width: 221, height: 40 },
  launchYear: 2021,
  supportPhone: '+18885550152',
  links: {
    legal: 'https://nettlecroft.example.com/legal',
    privacy: 'https://nettlecroft.example.com/privacy',
    terms: 'https://nettlecroft.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#361BBB',
      brandHover: '#1C0E62',
      onBrand: '#FFFFFF',
      background: '#F6F5FA',
      surface: '#FFFFFF',
      text: '#1A1532',
      textMuted: '#59556D',
      border: '#77738C',
      focusRing: '#528F14',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#3018AA',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand5210;
