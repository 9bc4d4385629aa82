import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { NoticesContext, NoticesEvent, NoticesTag } from '../../../machines/notices/notices.types.ts';
import { flowHooks } from '../../flowHooks.ts';

/**
 * What the pages read of the notices flow's snapshot. The flow's types are the contract between the
 * pages and machines/notices/, so the pages see no more of the machine than they describe.
 */
export interface NoticesSnapshot {
  readonly context: NoticesContext;
  hasTag(tag: NoticesTag): boolean;
  can(event: NoticesEvent): boolean;
}

/** The notices flow, invoked as `notices` by the sign-in machine's acknowledgingNotice state. */
const notices = flowHooks<NoticesSnapshot, NoticesEvent>('notices');
export const useNotices = notices.useFlow;
export const useNoticesNow = notices.useFlowNow;
export const useNoticesSend = notices.useFlowSend;

/** A call is running: the page's buttons wait for it. */
export const useNoticesBusy = () => notices.useFlowTag('busy');

/**
 * A date of the contract (YYYY-MM-DD, or a full ISO 8601 time) in the user's language, as the day it
 * names wherever the user is; empty when it is not a date.
 */
export function useLongDate(): (iso: string | undefined) => string {
  const intl = useIntl();
  return useCallback(
    (iso) => {
      if (!iso) return '';
      const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
      return Number.isNaN(date.getTime())
        ? ''
        : intl.formatDate(date, { dateStyle: 'long', timeZone: 'UTC' });
    },
    [intl],
  );
}
