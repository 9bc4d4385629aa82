import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { AuthenticatorSetup } from './AuthenticatorSetup.tsx';
import { CancelSignIn } from './CancelSignIn.tsx';
import { CodeEntry } from './CodeEntry.tsx';
import { TwoFactorDispatcher } from './TwoFactorDispatcher.tsx';
import { TwoFactorOptions } from './TwoFactorOptions.tsx';
import { useTwoFactor } from './useTwoFactor.ts';

const views = {
  'screen.twoFactorDispatcher': TwoFactorDispatcher,
  'screen.twoFactorOptions': TwoFactorOptions,
  'screen.twoFactorVerify': CodeEntry,
  'screen.twoFactorSetup': AuthenticatorSetup,
} as const;
const tags = Object.keys(views) as (keyof typeof views)[];

/**
 * Spec §2 /twoFactor/*: whichever screen the two-factor flow's active state names (each marks itself
 * with its own data-screen inside this one, which names the sign-in machine's state).
 */
export function TwoFactorScreen() {
  const tag = useTwoFactor((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && views[tag];
  return (
    <div data-screen="twoFactor">
      {View ? (
        <View />
      ) : (
        <>
          <LoadingIndicator />
          <CancelSignIn />
        </>
      )}
    </div>
  );
}
