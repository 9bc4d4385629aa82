import { describe, expect, it } from 'vitest';
import {
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
} from './harness.ts';

const harness = harnessPerFile();

async function signInAs(email: string, password = demo.ada.password) {
  const partner = await createPartner(harness().origin);
  const { page } = await harness().newPage();
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  await enterCredential(page, email);
  await page.waitForURL(/#\/enterPassword\//);
  await enterPassword(page, password);
  return page;
}

describe('account states (spec §4)', () => {
  it.each([
    ['disabled', 'Your account is disabled.'],
    ['extdisabled', 'Your extension is disabled.'],
    ['extfrozen', 'Your extension is frozen.'],
    ['suspended', 'Your account is suspended. Contact your company administrator.'],
    ['suspendedadmin', 'Your account is suspended because of a problem with its payment card.'],
    ['trialexpired', 'Your free trial has ended. Contact your company administrator.'],
    // The support number comes from the brand's asset files, formatted by /api/number/parse (spec §9).
    ['trialexpiredadmin', 'Your free trial has ended. Call support at (888) 555-0100'],
    ['upgrade', 'Your account needs an upgrade'],
    ['ivn', 'International virtual number cannot be used to log in.'],
    ['sso', 'Your account is enabled for single sign-on.'],
    ['ssoonly', 'Your company requires single sign-on.'],
  ])('%s@example.com is told: %s', async (state, text) => {
    const page = await signInAs(`${state}@example.com`);
    await expect.poll(() => page.locator('#password-error').textContent()).toContain(text);
    expect(page.url()).toMatch(/#\/enterPassword\//);
  });

  // 361 and 371 open the account flow's page, which says why (docs/passwords.md).
  it.each([
    ['notconfirmed', /#\/confirmEmail$/, "isn't confirmed yet"],
    ['notactivated', /#\/activateAccount$/, "isn't activated yet"],
  ])('%s@example.com is taken to its page', async (state, route, text) => {
    const page = await signInAs(`${state}@example.com`);
    await page.waitForURL(route);
    await page.getByText(text).waitFor();
  });

  it('a locked account shows the toast bar, and the page stays accessible', async () => {
    const page = await signInAs('locked@example.com');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'locked' }).count()).toBe(1);
    await expectAccessible(page, 'password page with toast');
  });

  it('five wrong passwords lock the account; the right one then no longer signs in', async () => {
    const page = await signInAs(demo.ada.email, 'Wrong-Password-1');
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await expect
        .poll(() => page.locator('#password-error').textContent())
        .toMatch(/^The email and password do not match/);
      await enterPassword(page, `Wrong-Password-${attempt}`);
    }
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'locked' }).count()).toBe(1);
    await enterPassword(page, demo.ada.password);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'locked' }).count()).toBe(1);
  });
});
