import { ownEntry } from '../api/ownEntry.ts';
import type { BrandDetails } from './details.ts';
import type { BrandTokens } from './tokens.ts';

export type ColourScheme = 'light' | 'dark';

/**
 * The brand in the look the address asks for (spec §2 theme): `light`, `dark`, or one of the brand's
 * own theme ids (themeDict); anything else, `auto` and no parameter included, follows the scheme the
 * person's system prefers (docs/colour-schemes.md).
 */
export function withTheme(
  tokens: BrandTokens,
  themeId: string | undefined,
  systemScheme: ColourScheme,
): BrandTokens {
  const named =
    themeId && themeId !== 'light' && tokens.themes ? ownEntry(tokens.themes, themeId) : undefined;
  const followsSystem = themeId !== 'light' && systemScheme === 'dark';
  const chosen = named ?? (followsSystem ? tokens.themes?.dark : undefined);
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

const arrived = new Map<string, BrandDetails>();
const listeners = new Set<() => void>();

/**
 * A brand's asset-file details, once they have arrived. Start-up does not wait for them: they load
 * after the first screen shows (machines/actors.ts), and the page shows the token file until then.
 */
export const detailsOf = (brandId: string): BrandDetails | undefined => arrived.get(brandId);

export function detailsArrived(brandId: string, details: BrandDetails): void {
  arrived.set(brandId, details);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a brand's details arrive; returns the unsubscribe. */
export function onDetailsArrived(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
