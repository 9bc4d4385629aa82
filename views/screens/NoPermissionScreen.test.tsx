import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '../../brand/registry.ts';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { brandSupportPages } from '../../machines/errorsLinks.ts';
import { pageFor } from '../../machines/errorsPages.ts';
import { NoPermissionScreen } from './NoPermissionScreen.tsx';

afterEach(() => vi.restoreAllMocks());

async function renderPage(code: string, brandId = '1210', rayId?: string) {
  const onSwitchAccount = vi.fn();
  await renderWithIntl(
    <NoPermissionScreen
      code={code}
      page={pageFor(code, 'error')}
      brand={getBrand(brandId)}
      lookup={{}}
      rayId={rayId}
      onSwitchAccount={onSwitchAccount}
    />,
  );
  return onSwitchAccount;
}

describe('NoPermissionScreen', () => {
  it.each([
    ['NO_PERMISSION', "You don't have access", 'You do not have permission to use this app.'],
    ['NO_RCM_PERMISSION', "You don't have access", /permission to use the Orvalle Connect meetings app/],
    ['NO_RCM_PERMISSION/SUNSET', 'This app has been retired', /meetings app has been retired/],
    ['NO_RCM_PERMISSION/MIGRATION', 'Your meetings have moved', /hosted here for 30 days/],
    ['NO_RCM_PERMISSION/SUNSET_NOTIFICATION', 'This app is being retired', /will be retired soon/],
  ])('%s: heading, announced message and Switch account', async (code, heading, message) => {
    await renderPage(code);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeTruthy();
  });

  it('Switch account is reachable and pressable from the keyboard', async () => {
    const user = userEvent.setup();
    const onSwitchAccount = await renderPage('NO_RCM_PERMISSION');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Switch account' }));
    await user.keyboard('{Enter}');
    expect(onSwitchAccount).toHaveBeenCalledTimes(1);
  });

  it('shows the ray id when there is one', async () => {
    await renderPage('NO_RCM_PERMISSION', '1210', 'ray-9');
    const rayId = screen.getByText('ray-9');
    expect(rayId.closest('p')?.textContent).toBe('Ray ID: ray-9');
    // Kept left to right inside right-to-left text (views/Ltr.tsx).
    expect(rayId.closest('bdi')?.dir).toBe('ltr');
  });

  it('the sunset pages link to the new app when the brand has one', async () => {
    await renderPage('NO_RCM_PERMISSION/SUNSET_NOTIFICATION');
    expect(screen.getByRole('link', { name: /Get the Orvalle Connect app/ }).getAttribute('href')).toBe(
      brandSupportPages['1210']?.appStore,
    );
  });

  it('the migration notice lists its steps and copies the download link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderPage('NO_RCM_PERMISSION/MIGRATION');
    expect(screen.getByRole('heading', { level: 2, name: 'How to continue' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Copy download link' }));
    expect(writeText).toHaveBeenCalledWith(brandSupportPages['1210']?.appDownload);
    expect((await screen.findByRole('status')).textContent).toBe('Link copied');
  });

  it('a failed copy shows the link to copy by hand', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await renderPage('NO_RCM_PERMISSION/MIGRATION');
    await user.click(screen.getByRole('button', { name: 'Copy download link' }));
    expect((await screen.findByRole('status')).textContent).toContain(brandSupportPages['1210']?.appDownload);
  });

  it('without a clipboard API (an insecure page, some webviews) the link is shown to copy by hand', async () => {
    const user = userEvent.setup();
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await renderPage('NO_RCM_PERMISSION/MIGRATION');
      await user.click(screen.getByRole('button', { name: 'Copy download link' }));
      expect((await screen.findByRole('status')).textContent).toContain(
        brandSupportPages['1210']?.appDownload,
      );
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    }
  });

  it('a brand without a download link gets the install step only, with no dead link', async () => {
    await renderPage('NO_RCM_PERMISSION/MIGRATION', '2010');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy download link' })).toBeNull();
  });
});
