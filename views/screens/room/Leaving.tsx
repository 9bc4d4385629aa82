import { useEffect } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import * as styles from '../screens.css.ts';
import { RoomPage } from './RoomPage.tsx';
import { useRoom, useRoomSend } from './useRoom.ts';

/**
 * The code is good: the browser is on its way to the sign-in for the room's app. Should the person
 * come Back to this page and the browser show it from its back-forward cache, the flow hears of it.
 */
export function Leaving() {
  const appName = useRoom((flow) => flow?.context.verified?.appName ?? '');
  const send = useRoomSend();
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: 'page.restored' });
    };
    globalThis.addEventListener('pageshow', onShow);
    return () => globalThis.removeEventListener('pageshow', onShow);
  }, [send]);
  return (
    <RoomPage name="roomLeaving" title="room.leaving.title">
      <p className={styles.subtitle}>
        <Msg id="room.leaving.intro" values={{ appName }} />
      </p>
      <LoadingIndicator />
    </RoomPage>
  );
}
