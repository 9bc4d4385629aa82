import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import * as styles from '../screens.css.ts';
import { RoomPage } from './RoomPage.tsx';
import { useRoom } from './useRoom.ts';

/** The code is good: the browser is on its way to the sign-in for the room's app. */
export function Leaving() {
  const appName = useRoom((flow) => flow?.context.verified?.appName ?? '');
  return (
    <RoomPage name="roomLeaving" title="room.leaving.title">
      <p className={styles.subtitle}>
        <Msg id="room.leaving.intro" values={{ appName }} />
      </p>
      <LoadingIndicator />
    </RoomPage>
  );
}
