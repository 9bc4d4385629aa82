import { type ReactNode, useCallback } from 'react';
import { FormattedMessage, type PrimitiveType, useIntl } from 'react-intl';
import type { MessageId } from './messages.ts';

type RichValue = PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/** A message as React content. Views pass ids and values, never English text. */
export function Msg({ id, values }: { id: MessageId; values?: Readonly<Record<string, RichValue>> }) {
  return <FormattedMessage id={id} values={values ?? {}} />;
}

export type FormatText = (id: MessageId, values?: Readonly<Record<string, PrimitiveType>>) => string;

/** A typed formatter for places that need a plain string: aria-label, placeholder, alt, title. */
export function useFormat(): FormatText {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
