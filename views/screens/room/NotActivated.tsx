import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { RoomNotActivatedReason } from '../../../machines/room/room.types.ts';
import * as pages from '../pages.css.ts';
import * as styles from '../screens.css.ts';
import { RoomPage } from './RoomPage.tsx';
import { useRoom, useRoomSend } from './useRoom.ts';

const reasons: Record<RoomNotActivatedReason, MessageId> = {
  denied: 'room.notActivated.denied',
  expired: 'room.notActivated.expired',
  failed: 'room.notActivated.failed',
};

/** The server's callback when the room was not signed in: why, and a new code to start again. */
export function NotActivated() {
  const send = useRoomSend();
  const reason = useRoom((flow) => flow?.context.notActivatedReason) ?? 'failed';
  return (
    <RoomPage name="roomNotActivated" title="room.notActivated.title">
      <p role="status" className={pages.notice}>
        <Msg id={reasons[reason]} />
      </p>
      <p className={styles.subtitle}>
        <Msg id="room.notActivated.next" />
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => send({ type: 'user.enterNewCode' })}
        >
          <Msg id="room.notActivated.enterNewCode" />
        </button>
      </div>
    </RoomPage>
  );
}
