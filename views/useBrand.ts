import { startTransition, useEffect, useReducer } from 'react';
import { getBrand } from '../brand/registry.ts';
import type { BrandTokens } from '../brand/tokens.ts';
import { detailsOf, onDetailsArrived, withDetails, withTheme } from '../brand/withDetails.ts';
import { selectBrandId } from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';
import { useSystemScheme } from './useSystemScheme.ts';

/**
 * The brand in force, as every view shows it: token file, the asset files' details, the chosen theme
 * (or, by default, the light or dark palette the system prefers).
 */
export function useBrand(): BrandTokens {
  const brandId = SignInActor.useSelector(selectBrandId);
  const themeId = SignInActor.useSelector((snapshot) => snapshot.context.params?.theme);
  const systemScheme = useSystemScheme();
  // The asset files' details arrive after the first screen is drawn: the page takes them in as a
  // transition, which React renders in slices.
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  useEffect(() => onDetailsArrived(() => startTransition(refresh)), []);
  return withTheme(withDetails(getBrand(brandId), detailsOf(brandId)), themeId, systemScheme);
}
