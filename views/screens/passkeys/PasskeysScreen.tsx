import type { ComponentType } from 'react';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { PasskeyList } from './PasskeyList.tsx';
import { PasskeyOffer } from './PasskeyOffer.tsx';
import type { PasskeyScreenTag } from './PasskeyPage.tsx';
import { usePasskeys } from './usePasskeys.ts';

/** Every passkeys page by its tag. */
const views: { [T in PasskeyScreenTag]: ComponentType<{ tag: T }> } = {
  'screen.passkeyOffer': PasskeyOffer,
  'screen.passkeyList': PasskeyList,
};
const tags = Object.keys(views) as PasskeyScreenTag[];

/**
 * Passkeys (docs/passkeys.md): the offer after a password sign-in, or an account's list, whichever the
 * passkeys flow's active state names (each marks itself with its own data-screen inside this one).
 * Each page is keyed by its tag, so focus and scroll start afresh on the next one. Until the flow's
 * chunk is in, and while it loads the account's passkeys, the loading indicator.
 */
export function PasskeysScreen() {
  const tag = usePasskeys((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && (views[tag] as ComponentType<{ tag: PasskeyScreenTag }>);
  return (
    <div data-screen="passkeys">{tag && View ? <View key={tag} tag={tag} /> : <LoadingIndicator />}</div>
  );
}
