import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brand/registry.ts';
import { renderWithIntl } from '../i18n/testing.tsx';
import { brandSupportPages } from '../machines/errorsLinks.ts';
import { UiMessageView } from './UiMessageText.tsx';

describe('UiMessageView', () => {
  it('renders the message with its links resolved for the brand', async () => {
    await renderWithIntl(
      <p>
        <UiMessageView
          message={{ id: 'errors.emailLoginFailed', links: [{ kind: 'resetPassword' }] }}
          brand={getBrand('1210')}
        />
      </p>,
    );
    expect(screen.getByText('The email and password do not match')).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Reset your password/ });
    expect(link.getAttribute('href')).toBe(brandSupportPages['1210']?.resetPassword);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('calls support through tel: in the same tab, with the brand number in the text', async () => {
    const brand = getBrand('7710');
    await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.trialExpiredAdmin', links: [{ kind: 'supportPhone' }] }}
        brand={brand}
      />,
    );
    const link = screen.getByRole('link', { name: `Call support at ${brand.supportPhone}` });
    expect(link.getAttribute('href')).toBe(`tel:${brand.supportPhone}`);
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows the formatted support number but dials its E.164 form', async () => {
    const brand = { ...getBrand('7310'), supportPhoneText: '1-613-555-0173' };
    await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.trialExpiredAdmin', links: [{ kind: 'supportPhone' }] }}
        brand={brand}
      />,
    );
    // The number reads left to right in any page direction (views/Ltr.tsx).
    const numbers = screen.getAllByText('1-613-555-0173');
    expect(numbers.map((number) => [number.tagName, number.dir])).toEqual([
      ['BDI', 'ltr'],
      ['BDI', 'ltr'],
    ]);
    expect(numbers[0]?.parentElement?.textContent).toMatch(/Call support at 1-613-555-0173 to upgrade/);
    const link = screen.getByRole('link', { name: 'Call support at 1-613-555-0173' });
    expect(link.getAttribute('href')).toBe(`tel:${brand.supportPhone}`);
  });

  it('leaves out a link the brand has no URL for', async () => {
    await renderWithIntl(
      <UiMessageView
        message={{
          id: 'errors.numericPasswordExpired',
          links: [{ kind: 'changePassword' }, { kind: 'help' }],
        }}
        brand={getBrand('7710')}
      />,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Get help (opens in a new tab)',
    ]);
  });

  it("sends help to the brand's support site from its asset files when no page is listed", async () => {
    const brand = { ...getBrand('2010'), helpUrl: 'https://marrowby.example.com/en-US/support' };
    await renderWithIntl(
      <UiMessageView message={{ id: 'errors.internal', links: [{ kind: 'help' }] }} brand={brand} />,
    );
    expect(screen.getByRole('link', { name: /^Get help/ }).getAttribute('href')).toBe(brand.helpUrl);
  });

  it('offers no help link for a brand without one, or with an unsafe one', async () => {
    const { unmount } = await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.internal', links: [{ kind: 'help' }] }}
        brand={getBrand('2010')}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.internal', links: [{ kind: 'help' }] }}
        brand={{ ...getBrand('2010'), helpUrl: 'javascript:alert(1)' }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('uses the brand config sign-up URL, and refuses an unsafe one', async () => {
    const { unmount } = await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.emailNotFound', links: [{ kind: 'signUp' }] }}
        brand={getBrand('1210')}
        signupUrl="https://join.example.com/"
      />,
    );
    expect(screen.getByRole('link', { name: /Sign up/ }).getAttribute('href')).toBe(
      'https://join.example.com/',
    );
    unmount();
    await renderWithIntl(
      <UiMessageView
        message={{ id: 'errors.emailNotFound', links: [{ kind: 'signUp' }] }}
        brand={getBrand('1210')}
        signupUrl="javascript:alert(1)"
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the session id in brackets', async () => {
    await renderWithIntl(
      <p data-testid="m">
        <UiMessageView
          message={{ id: 'errors.ivnLoginDenied', sessionId: 'S-42' }}
          brand={getBrand('1210')}
        />
      </p>,
    );
    expect(screen.getByTestId('m').textContent).toBe(
      'International virtual number cannot be used to log in. [S-42]',
    );
  });
});
