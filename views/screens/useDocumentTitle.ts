import { useEffect } from 'react';
import { useFormat } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';

/** Each screen names the tab (and what screen readers announce on arrival) in the user's language. */
export function useDocumentTitle(id: MessageId, values?: Record<string, string>): void {
  const format = useFormat();
  const text = format(id, values);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
