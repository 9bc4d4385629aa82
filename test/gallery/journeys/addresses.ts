import type { Journey } from '../journey.ts';

/**
 * Pages a person reaches by an address: a link in an email, the identity provider's return, a reload,
 * the room's /device link. The address names the brand, so each is drawn in every brand's frame.
 */
const pages: { screen: string; hash: string; query?: Record<string, string> }[] = [
  // A session that ended (spec §4): the page reloads on this address.
  { screen: 'error', hash: '/error/INVALID_SESSION_TOKEN' },
  // The no-permission family's richest page: the migration steps (spec §4, 211).
  { screen: 'error.noPermission', hash: '/error/NO_RCM_PERMISSION/MIGRATION', query: { force: 'true' } },
  { screen: 'warning', hash: '/warning/221', query: { force: 'true' } },
  // Where the identity provider's mismatch lands (docs/notices.md "SSO notices").
  {
    screen: 'ssoOutcome',
    hash: `/error/sso/SSO_EMAIL_MISMATCH/${encodeURIComponent('ssoonly@example.com')}`,
  },
  { screen: 'signedOut', hash: '/signedOut' },
  { screen: 'roomActivation', hash: '/roomActivation', query: { clientId: 'foyer-web' } },
  { screen: 'roomActivated', hash: '/roomActivated', query: { clientId: 'foyer-web' } },
  { screen: 'roomNotActivated', hash: '/roomNotActivated/denied', query: { clientId: 'foyer-web' } },
];

export const addresses: Journey = {
  name: 'addresses',
  screens: pages.map((page) => page.screen),
  brands: ['1210', '7710', '7310', '3710'],
  async run({ open, loadAfresh, spa, shoot }) {
    const { page } = await open();
    for (const { screen, hash, query } of pages) {
      await loadAfresh(page, spa(hash, query));
      await shoot(page, screen);
    }
  },
};

/** The retired-app notice (216): the retired client's own authorisation request, as its app sends it. */
export const retiredApp: Journey = {
  name: 'retiredApp',
  screens: ['retiredApp'],
  brands: ['1210', '7710', '7310', '3710'],
  async run({ harness, frame, open, shoot }) {
    const { page } = await open();
    const url = new URL('/oauth/authorize', harness.origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'retired-app',
      redirect_uri: `${harness.origin}/retired-app/callback`,
      state: 'retired-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      brand_id: frame.brand,
      ...(frame.scheme === 'dark' ? { theme: 'dark' } : {}),
    }).toString();
    await page.goto(url.href);
    await page.waitForURL(/#\/retiredApp$/);
    await shoot(page, 'retiredApp');
  },
};
