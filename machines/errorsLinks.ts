import { ownEntry } from '../api/ownEntry.ts';
import { isSafeUrl } from '../api/url.ts';
import type { BrandTokens } from '../brand/tokens.ts';
import type { MessageLinkKind } from './catalogueMessages.ts';

/**
 * Where a message's links and the no-permission pages' steps point, per brand. These pages are not
 * in BrandTokens yet (they belong there, or in the brand asset JSON, once a screen other than the
 * error messages needs them). All fictional, under example.com. A brand with no entry gets no link.
 */
export type BrandPageKind = Exclude<MessageLinkKind, 'supportPhone' | 'signUp'> | 'appStore' | 'appDownload';

export const brandSupportPages: Readonly<Record<string, Readonly<Partial<Record<BrandPageKind, string>>>>> = {
  '1210': {
    resetPassword: 'https://orvalle.example.com/account/reset-password',
    changePassword: 'https://orvalle.example.com/account/change-password',
    ssoSignIn: 'https://orvalle.example.com/sso',
    help: 'https://support.orvalle.example.com/',
    troubleshooting: 'https://support.orvalle.example.com/sign-in-troubleshooting',
    appStore: 'https://orvalle.example.com/download',
    appDownload: 'https://orvalle.example.com/download/meetings',
  },
  '7710': {
    resetPassword: 'https://brackenby.example.com/account/reset-password',
    ssoSignIn: 'https://brackenby.example.com/sso',
    help: 'https://brackenby.example.com/help',
    troubleshooting: 'https://brackenby.example.com/help/cannot-sign-in',
    appStore: 'https://brackenby.example.com/apps',
  },
};

export interface LinkSource {
  readonly brand: Pick<BrandTokens, 'brandId' | 'supportPhone' | 'signUpUrl' | 'helpUrl'>;
  /** Brand config's signupUrl (spec §3), which wins over the token file's. */
  readonly signupUrl?: string | undefined;
}

function rawHref(
  kind: BrandPageKind | MessageLinkKind,
  { brand, signupUrl }: LinkSource,
): string | undefined {
  if (kind === 'supportPhone') return brand.supportPhone ? `tel:${brand.supportPhone}` : undefined;
  if (kind === 'signUp') return signupUrl ?? brand.signUpUrl;
  const page = ownEntry(brandSupportPages, brand.brandId)?.[kind];
  // Every brand's asset files name its support site; that is where help goes when no page is listed.
  return page ?? (kind === 'help' ? brand.helpUrl : undefined);
}

/** The URL of a link kind for a brand, or undefined when the brand has none or it is unsafe (spec §5). */
export function linkHref(kind: BrandPageKind | MessageLinkKind, source: LinkSource): string | undefined {
  const href = rawHref(kind, source);
  return href !== undefined && href !== '' && isSafeUrl(href) ? href : undefined;
}
