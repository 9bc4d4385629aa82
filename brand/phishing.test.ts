import { describe, expect, it } from 'vitest';
import { phishingNoticeOf } from './phishing.ts';

describe('phishingNoticeOf', () => {
  it('gives the meeting brand 7310 its own notice and everyone else the common one', () => {
    expect(phishingNoticeOf('7310')).toBe('phishing.noticeMeetings');
    expect(phishingNoticeOf('1210')).toBe('phishing.notice');
    expect(phishingNoticeOf('7710')).toBe('phishing.notice');
  });
});
