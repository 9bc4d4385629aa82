import { Msg } from '../../../i18n/Msg.tsx';
import * as styles from '../screens.css.ts';
import { useTwoFactor } from './useTwoFactor.ts';

/** Spec §4: skip two-factor on this device for a period (the server's trustedDeviceDays; none when 0). */
export function TrustDevice() {
  const days = useTwoFactor((flow) => flow?.context.settings?.trustedDeviceDays ?? 0);
  if (days <= 0) return null;
  return (
    <label className={styles.checkboxLabel}>
      <input type="checkbox" name="trustDevice" />
      <Msg id="twoFactor.trustDevice" values={{ days }} />
    </label>
  );
}
