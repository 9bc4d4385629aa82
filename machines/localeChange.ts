import { detailsArrived } from '../brand/withDetails.ts';
import { loadBrandDetails } from './brandDetails.ts';
import { effectiveLocale } from './signIn.context.ts';
import type { SignInContext } from './signIn.types.ts';

/**
 * What a chosen locale changes outside the machine (signIn.setup.ts `showLocaleOutside`), in the chunk
 * of the calls made after the first screen, since only a shown page has a selector: the address names
 * the locale, so a reload keeps it (only the query changes; the hash stays the route's), and the
 * brand's asset files, whose texts are per locale (spec §7), load in it and are taken in on arrival.
 */
export async function showLocaleOutside(
  context: Pick<SignInContext, 'clientId' | 'brandConfig' | 'search' | 'locales' | 'localeRequest'>,
): Promise<void> {
  history.replaceState(history.state, '', context.search + location.hash);
  const { brandConfig } = context;
  const details =
    brandConfig && (await loadBrandDetails(context.clientId, brandConfig, effectiveLocale(context)));
  if (brandConfig && details) detailsArrived(brandConfig.brandId, details);
}
