import type { MessageId } from '../i18n/messages.ts';

// Not in brand/lists.ts, which the first screen loads: only the phishing notice's chunk reads this.

/** The meeting-app brand (spec §6), which has its own phishing notice (spec §9). */
export const MEETING_BRAND_ID = '7310';

/** The phishing notice's text for a brand: the meeting brand has its own variant. */
export function phishingNoticeOf(brandId: string): Extract<MessageId, `phishing.notice${string}`> {
  return brandId === MEETING_BRAND_ID ? 'phishing.noticeMeetings' : 'phishing.notice';
}
