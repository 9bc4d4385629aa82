import { ownEntry } from '../api/ownEntry.ts';
import type { BrandDetails } from './details.ts';
import type { BrandTokens } from './tokens.ts';

/** The brand in the theme the address asks for (spec §2 theme), when the brand has it. */
export function withTheme(tokens: BrandTokens, themeId: string | undefined): BrandTokens {
  const chosen = themeId !== undefined && tokens.themes ? ownEntry(tokens.themes, themeId) : undefined;
  return chosen ? { ...tokens, theme: chosen } : tokens;
}

/**
 * The brand as shown: the token file's look, with the names, years, links and support number of the
 * brand's asset files where they were loaded (spec §3). Links the asset files do not carry keep the
 * token file's.
 */
export function withDetails(tokens: BrandTokens, details: BrandDetails | undefined): BrandTokens {
  if (!details) return tokens;
  return {
    ...tokens,
    displayName: details.displayName ?? tokens.displayName,
    shortDisplayName: details.shortDisplayName ?? tokens.shortDisplayName,
    launchYear: details.launchYear ?? tokens.launchYear,
    supportPhone: details.supportPhone ?? tokens.supportPhone,
    ...(details.supportPhoneText ? { supportPhoneText: details.supportPhoneText } : {}),
    ...(details.helpUrl ? { helpUrl: details.helpUrl } : {}),
    links: { ...tokens.links, ...details.links },
  };
}
