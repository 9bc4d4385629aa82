import { selectScreen } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { LoginOptionScreen } from './LoginOptionScreen.tsx';
import { SsoOutcomeScreen } from './SsoOutcomeScreen.tsx';

/** The SSO notices, the mismatch page and the login option page, in the error pages' chunk (docs/notices.md). */
export function SsoScreen() {
  return SignInActor.useSelector(selectScreen) === 'loginOption' ? (
    <LoginOptionScreen />
  ) : (
    <SsoOutcomeScreen />
  );
}
