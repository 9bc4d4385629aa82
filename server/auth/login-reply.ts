import { passwordChangeOf } from '../account/password-change.ts';
import type { PlatformSession } from './session.service.ts';
import type { User } from './users.service.ts';

/**
 * The data of a successful sign-in (api/contract/auth.ts loginReply): /api/login and the calls that
 * open a session the same way (express link, activation code) answer alike.
 */
export function loginReplyData(user: User, session: PlatformSession) {
  const passwordChange = passwordChangeOf(user.passwordChangeRequired);
  return {
    brandId: user.brandId,
    accountId: user.accountId,
    extensionId: user.extensionId,
    sessionId: session.publicId,
    displayName: user.displayName,
    ...(passwordChange ? { passwordChange } : {}),
  };
}
