import { failOnce } from '../../browser/emergency.helpers.ts';
import type { Journey } from '../journey.ts';
import type { BrandId } from '../matrix.ts';
import { approve, toConsent } from './steps.ts';

/** The two-factor demos (server/db/seed-demo-users.ts): a code by call, text or email, per brand. */
const mfa: Partial<Record<BrandId, string>> = {
  '1210': 'mfa@example.com',
  '7710': 'mfa7710@example.com',
  '7310': 'mfa7310@example.com',
};

/** Two-factor verification (docs/two-factor.md): the options, the code page, and the default brand's own cases. */
export const twoFactor: Journey = {
  name: 'twoFactor',
  screens: ['twoFactorOptions', 'twoFactorVerify', 'twoFactorSetup', 'twoFactorDispatcher'],
  brands: ['1210', '7710', '7310'],
  async run(context) {
    const { frame, open, shoot } = context;
    const { page } = await open();
    await toConsent(context, page, mfa[frame.brand] ?? '');
    await approve(page);
    await shoot(page, 'twoFactorOptions', { more: true });
    await page.getByRole('button', { name: /Email me/ }).click();
    // The time the code went and the resend countdown read the frozen clock (matrix.ts).
    await shoot(page, 'twoFactorVerify');
    if (frame.brand !== '1210') return;

    // An authenticator app required and none set up (224): its key and QR code are new every time.
    const setup = await open();
    await toConsent(context, setup.page, 'totpsetup@example.com');
    await approve(setup.page);
    await shoot(setup.page, 'twoFactorSetup', {
      mask: (shown) => [shown.getByTestId('totp-qr'), shown.getByTestId('totp-secret')],
    });

    // The dispatcher's own page: what the account offers could not be loaded (Try again).
    const failed = await open();
    await toConsent(context, failed.page, 'mfa@example.com');
    await failOnce(failed.page, '**/api/two-factor/mfa-settings**');
    await approve(failed.page);
    await shoot(failed.page, 'twoFactorDispatcher');
  },
};
