import { type SeedUser, STATE_DEMO_PASSWORD } from './seed-user.ts';

/**
 * Login option demos (docs/notices.md "Login option", README): accounts that sign in with their
 * password, through their company's single sign-on, or with an emailed link, on the two brands with
 * single sign-on whose frames the SPA themes (1210 and 7710). Names are fictional.
 */
const OPTION_DEMOS = [
  { email: 'options@example.com', brandId: '1210', displayName: 'Otto Pemberton' },
  { email: 'options@example.co.uk', brandId: '7710', displayName: 'Olive Pennington' },
] as const;

/** Password STATE_DEMO_PASSWORD like the other demos; seed-demo-users.ts adds them to SEED_USERS. */
export const LOGIN_OPTION_SEED_USERS: SeedUser[] = OPTION_DEMOS.map((demo, index) => {
  const serial = String(index + 1).padStart(2, '0');
  return {
    brandId: demo.brandId,
    accountId: `4009000${serial}`,
    extensionId: `4009001${serial}`,
    email: demo.email,
    phoneNumber: null,
    extension: '',
    password: STATE_DEMO_PASSWORD,
    state: 'active',
    stateReason: null,
    isAdmin: false,
    displayName: demo.displayName,
    ssoOptional: true,
  };
});
