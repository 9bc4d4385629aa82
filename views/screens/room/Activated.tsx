import { Msg } from '../../../i18n/Msg.tsx';
import * as styles from '../screens.css.ts';
import { RoomPage } from './RoomPage.tsx';
import * as local from './room.css.ts';

/** The server's callback after the person allowed the room: it is signed in, and what to do next. */
export function Activated() {
  return (
    <RoomPage name="roomActivated" title="room.activated.title">
      <p role="status" className={styles.subtitle}>
        <Msg id="room.activated.lead" />
      </p>
      <p className={local.body}>
        <Msg id="room.activated.next" />
      </p>
    </RoomPage>
  );
}
