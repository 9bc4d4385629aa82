import { useEffect, useSyncExternalStore } from 'react';
import { describeNumber, numberTextOf, onNumberText } from '../../machines/numberDisplay.ts';
import { SignInActor } from '../SignInActor.ts';

/**
 * An E.164 number as its country writes it (machines/numberDisplay.ts), once the number service has
 * answered; undefined until then, or for no number. Display only: the machine keeps the E.164 form.
 */
export function useNumberText(e164: string | undefined): string | undefined {
  const clientId = SignInActor.useSelector((snapshot) => snapshot.context.clientId);
  useEffect(() => {
    if (e164) void describeNumber(clientId, e164);
  }, [clientId, e164]);
  return useSyncExternalStore(onNumberText, () => (e164 ? numberTextOf(e164) : undefined));
}
