import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import type { NoticesContext, NoticesEvent, NoticesTag } from '../../../machines/notices/notices.types.ts';
import { SignInActor } from '../../SignInActor.ts';

/**
 * What the pages read of the notices flow's snapshot. The flow's types are the contract between the
 * pages and machines/notices/, so the pages see no more of the machine than they describe.
 */
export interface NoticesSnapshot {
  readonly context: NoticesContext;
  hasTag(tag: NoticesTag): boolean;
  can(event: NoticesEvent): boolean;
}

/** The lazily loaded flow as the sign-in machine holds it (machines/lazyFlow.ts): its machine under `flow`. */
type NoticesFlowSnapshot = { flow?: NoticesSnapshot | undefined } | undefined;

/** The running notices flow (invoked as `notices` by the sign-in machine). */
function useNoticesRef(): AnyActorRef | undefined {
  return SignInActor.useSelector(
    (snapshot) => (snapshot.children as Readonly<Record<string, AnyActorRef | undefined>>).notices,
  );
}

/** A selector over the notices flow's snapshot (undefined while its chunk loads). */
export function useNotices<T>(selector: (flow: NoticesSnapshot | undefined) => T): T {
  const ref = useNoticesRef();
  return useSelector(ref, (snapshot) => selector((snapshot as NoticesFlowSnapshot)?.flow));
}

/** The flow's snapshot as it is now, for a handler that must act on what an event it sent just did. */
export function useNoticesNow(): () => NoticesSnapshot | undefined {
  const ref = useNoticesRef();
  return () => (ref?.getSnapshot() as NoticesFlowSnapshot)?.flow;
}

export function useNoticesSend(): (event: NoticesEvent) => void {
  const ref = useNoticesRef();
  return (event) => ref?.send(event);
}

/** A call is running: the page's buttons wait for it. */
export const useNoticesBusy = () => useNotices((flow) => flow?.hasTag('busy') === true);

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
