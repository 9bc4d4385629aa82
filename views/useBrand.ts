import { getBrand } from '../brand/registry.ts';
import type { BrandTokens } from '../brand/tokens.ts';
import { withDetails } from '../brand/withDetails.ts';
import { selectBrandId } from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';

/** The brand in force, as every view shows it: token file plus the asset files' details. */
export function useBrand(): BrandTokens {
  const brandId = SignInActor.useSelector(selectBrandId);
  const details = SignInActor.useSelector((snapshot) => snapshot.context.brandDetails);
  return withDetails(getBrand(brandId), details);
}
