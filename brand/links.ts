import { isSafeUrl } from '../api/url.ts';

/** A brand link is rendered only when it is present and safe to open (spec §5); otherwise undefined. */
export function safeBrandLink(url: string | undefined): string | undefined {
  return url !== undefined && isSafeUrl(url) ? url : undefined;
}
