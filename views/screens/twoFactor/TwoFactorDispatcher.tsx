import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useTwoFactor } from './useTwoFactor.ts';

/** /twoFactor/dispatcher: the account's settings load; if they cannot, say so and offer to try again. */
export function TwoFactorDispatcher() {
  const failed = useTwoFactor((flow) => flow?.matches('loadFailed') === true);
  useDocumentTitle('twoFactor.title');
  return (
    <section className={styles.screen} aria-labelledby="two-factor-title" data-screen="twoFactorDispatcher">
      <h1 id="two-factor-title" className={styles.title}>
        <Msg id="twoFactor.title" />
      </h1>
      {failed ? <LoadFailed /> : <LoadingIndicator />}
    </section>
  );
}
