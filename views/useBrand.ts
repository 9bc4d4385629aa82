import { getBrand } from '../brand/registry.ts';
import type { BrandTokens } from '../brand/tokens.ts';
import { withDetails, withTheme } from '../brand/withDetails.ts';
import { selectBrandId } from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';

/** The brand in force, as every view shows it: token file, the asset files' details, the chosen theme. */
export function useBrand(): BrandTokens {
  const brandId = SignInActor.useSelector(selectBrandId);
  const details = SignInActor.useSelector((snapshot) => snapshot.context.brandDetails);
  const themeId = SignInActor.useSelector((snapshot) => snapshot.context.params?.theme);
  return withTheme(withDetails(getBrand(brandId), details), themeId);
}
