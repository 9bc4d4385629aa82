import logo from '../assets/brand-0.svg';
import logoOnDark from '../assets/brand-0-dark.svg';
import type { BrandTheme, BrandTokens } from '../tokens.ts';

/**
 * Brand 0, the default display (spec §9): its own name and numbers in the default brand's look (light and dark). The
 * registry hands that theme in rather than this file importing brand-1210.ts, because a chunk that
 * shares a module with the entry makes the bundler split it out into one more first-paint request.
 * Fictional; mirrors server/db/seed-brands.ts.
 */
export const brand0 = (defaultTheme: BrandTheme, defaultThemes: BrandTokens['themes']): BrandTokens => ({
  brandId: '0',
  displayName: 'Foyer',
  shortDisplayName: 'Foyer',
  logo: { src: logo, width: 98, height: 40 },
  logoOnDark: { src: logoOnDark, width: 98, height: 40 },
  launchYear: 2024,
  supportPhone: '+18885550199',
  links: {
    legal: 'https://foyer.example.com/legal',
    privacy: 'https://foyer.example.com/privacy',
    terms: 'https://foyer.example.com/terms',
  },
  theme: defaultTheme,
  ...(defaultThemes ? { themes: defaultThemes } : {}),
});
