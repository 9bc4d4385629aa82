import { demo, enterCredential, enterPassword } from '../../browser/harness.ts';
import { addPlatformAuthenticator } from '../../browser/passkeys.helpers.ts';
import type { Journey } from '../journey.ts';

/**
 * The passkey offer after a password sign-in and the account's list (docs/passkeys.md), on a device
 * with a platform authenticator (Chromium's virtual one). The passkey is removed again on the list,
 * so the next frame's sign-in is offered one as this one was. Its dates come from the server's clock
 * and are masked.
 */
export const passkeys: Journey = {
  name: 'passkeys',
  screens: ['passkeyOffer', 'passkeyList'],
  brands: ['1210', '7710'],
  async run({ frame, open, partner, shoot }) {
    const account = frame.brand === '1210' ? demo.ada : demo.grace;
    const { context, page } = await open({ passkeys: true });
    await addPlatformAuthenticator(context, page);
    await page.goto((await partner()).authorizationUrl.href);
    await enterCredential(page, account.email);
    await enterPassword(page, account.password);
    await shoot(page, 'passkeyOffer', { more: true });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await shoot(page, 'passkeyList', {
      more: true,
      mask: (shown) => [shown.locator('[data-screen="passkeyList"] li > div > span:not(:first-child)')],
    });
    const remove = page.getByRole('button', { name: /^Remove the passkey/ });
    await remove.click();
    await remove.waitFor({ state: 'detached' });
  },
};
