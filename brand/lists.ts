import { safeBrandLink } from './links.ts';

/** Spec §9: the regional brands. Spec §6: only they offer a sign-up link. */
export const regionalBrandIds: readonly string[] = ['1210', '3610', '3710', '2010', '5010', '1250'];

export const isRegionalBrand = (brandId: string): boolean => regionalBrandIds.includes(brandId);

/**
 * Where the sign-up hint links, or undefined when it is not shown: the brand must be regional and its
 * brand config must name a sign-up page that is safe to open.
 */
export function signUpLinkOf(brandId: string, signupUrl: string | undefined): string | undefined {
  return isRegionalBrand(brandId) ? safeBrandLink(signupUrl) : undefined;
}
