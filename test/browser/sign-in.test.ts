import { describe, expect, it } from 'vitest';
import { AUTHORIZE, createPartner, demo, enterCredential, enterPassword, harnessPerFile } from './harness.ts';

const harness = harnessPerFile();

async function openSignIn() {
  const partner = await createPartner(harness().origin);
  const { page } = await harness().newPage();
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return { page, partner };
}

describe('signing in', () => {
  it('a wrong password is refused with the email message, and the typed credential is kept', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, demo.ada.email);
    await enterPassword(page, 'Not-The-Password-1');
    await expect
      .poll(() => page.locator('#password-error').textContent())
      .toMatch(/^The email and password do not match/);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/#\/enterPassword\/email\//);
  });

  it('an empty or malformed credential is refused before any call', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, '');
    await expect
      .poll(() => page.locator('#credential-error').textContent())
      .toBe('Enter an email or phone number');
    await enterCredential(page, '<script>alert(1)</script>');
    await expect
      .poll(() => page.locator('#credential-error').textContent())
      .toBe("We didn't find any matched account.");
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe('<script>alert(1)</script>');
  });

  it('signs in by phone number with an extension', async () => {
    const { page, partner } = await openSignIn();
    const callback = await partner.captureCallback(page);
    await enterCredential(page, `${demo.ada.phone} ext ${demo.ada.extension}`);
    await page.waitForURL(/#\/enterPassword\/number\/%2B16505550100%23101$/);
    // As the number's country writes it, with its extension in the page's words.
    await expect.poll(() => page.getByTestId('signing-in-as').textContent()).toBe('+1 650 555 0100 ext. 101');
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await callback()).searchParams.get('code')).toBeTruthy();
  });

  it('a number without the extension its account needs: not found, and how to add one (spec §5)', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, demo.ada.phone);
    await expect
      .poll(() => page.locator('#credential-error').textContent())
      .toMatch(
        /^We didn't find any matched account\. If your phone number has an extension, add it after the number with #, for example \+1 650 555 0100 #101\./,
      );
    // The same words as for a number nobody has: the hint says nothing about this account.
    await enterCredential(page, '+1 650 555 0199');
    await expect
      .poll(() => page.locator('#credential-error').textContent())
      .toMatch(/^We didn't find any matched account\. If your phone number has an extension/);
    // With an extension, a wrong one is plainly not found.
    await enterCredential(page, `${demo.ada.phone} #102`);
    await expect
      .poll(() => page.locator('#credential-error').textContent())
      .toMatch(/^We didn't find any matched account\.(?! If)/);
  });

  it('switches to brand 7710 when the account belongs to it', async () => {
    const { page } = await openSignIn();
    expect(await page.locator('[data-brand]').getAttribute('data-brand')).toBe('1210');
    const defaultBackground = await page
      .locator('[data-brand]')
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    await enterCredential(page, demo.grace.email);
    await page.waitForURL(/#\/enterPassword\/email\//);
    await expect.poll(() => page.locator('[data-brand]').getAttribute('data-brand')).toBe('7710');
    const brandedBackground = await page
      .locator('[data-brand]')
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(brandedBackground).not.toBe(defaultBackground);
    expect(await page.getByRole('img').first().getAttribute('alt')).toBe('Brackenby Voice');
  });

  it('reload on the password page stays on the password page', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\/email\//);
    await page.reload();
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(page.url()).toMatch(/#\/enterPassword\/email\/ada%40example\.com$/);
    expect(await page.getByTestId('signing-in-as').textContent()).toBe(demo.ada.email);
  });

  it('browser back from the password page returns to the credential page with the text kept', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\/email\//);
    await page.goBack();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe(demo.ada.email);
  });

  it('a typed-in password route without a stored credential goes to the credential page', async () => {
    const { page } = await harness().newPage();
    await page.goto(
      `${harness().origin}/?clientId=demo-app&force=true#/enterPassword/email/someone%40example.com`,
    );
    await page.waitForURL(/#\/enterCredential$/);
  });
});

describe('language', () => {
  it('choosing a language keeps the same path, puts localeId in the query, and the text follows', async () => {
    const { page } = await openSignIn();
    await page.getByRole('button', { name: /^Language / }).click();
    await page.locator('[role="option"][lang="en-XA"]').click();
    await page.waitForURL(/[?&]localeId=en_ZZ.*#\/enterCredential$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^\[Šĩĝñ ĩñ/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-XA');
    expect(await page.getByLabel(/Éɱàĩļ/).count()).toBe(1);
  });
});
