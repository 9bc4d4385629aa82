import { getBrand } from '../brand/registry.ts';
import { Msg } from '../i18n/Msg.tsx';
import type { UiMessage } from '../machines/errors.ts';
import { selectBrandId } from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';

/**
 * A message chosen by the machine, with the brand's values (support phone, name) available to it:
 * the machine picks the text, the brand fills in who to call.
 */
export function UiMessageText({ message }: { message: UiMessage }) {
  const brand = getBrand(SignInActor.useSelector(selectBrandId));
  return (
    <Msg
      id={message.id}
      values={{ supportPhone: brand.supportPhone, brandName: brand.displayName, ...message.values }}
    />
  );
}
