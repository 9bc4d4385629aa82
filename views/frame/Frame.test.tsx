import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import { vars } from '../../brand/theme.css.ts';
import { defaultThemeClass } from '../../brand/themes.css.ts';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { Frame, type FrameProps } from './Frame.tsx';

const locales = {
  localeCode: 'en_US',
  supportedLocaleCodes: ['en_US', 'fr_FR'],
  locales: [
    { localeCode: 'en_US', localeName: 'English', titleName: 'English (United States)' },
    { localeCode: 'fr_FR', localeName: 'Français', titleName: 'Français (France)' },
  ],
};

const frame = (props: Partial<FrameProps> = {}) => (
  <Frame brand={getBrand('1210')} layout="desktop" locales={locales} onLocaleChange={vi.fn()} {...props}>
    <h1>Screen content</h1>
    <button type="button">Next</button>
  </Frame>
);

beforeAll(async () => {
  await loadBrandTokens('7710');
});

/** The custom property behind a theme contract var, e.g. var(--color-brand__x) → --color-brand__x. */
const property = (reference: string) => reference.slice('var('.length, -1);

describe('Frame', () => {
  it('starts with a skip link that moves focus to main without touching the hash route', async () => {
    window.location.hash = '#/enterCredential';
    await renderWithIntl(frame());
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const focusable = document.querySelectorAll<HTMLElement>('a[href], button, select, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.activeElement).toBe(main);
    expect(window.location.hash).toBe('#/enterCredential');
  });

  it('shows the brand logo unless hideLogo is set', async () => {
    const { rerender } = await renderWithIntl(frame());
    expect(screen.getByRole('img', { name: 'Orvalle Connect' })).toBeTruthy();
    rerender(frame({ hideLogo: true }));
    expect(screen.queryByRole('img', { name: 'Orvalle Connect' })).toBeNull();
  });

  it('renders the banner slot and announces the toast as an alert', async () => {
    await renderWithIntl(
      frame({ banner: <img src="/banner.png" alt="Spring offer" />, toast: 'Account locked' }),
    );
    expect(screen.getByRole('img', { name: 'Spring offer' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Account locked');
  });

  it('shows the loading indicator and marks main busy while busy', async () => {
    const { rerender } = await renderWithIntl(frame({ busy: true }));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    rerender(frame({ busy: false }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('main').hasAttribute('aria-busy')).toBe(false);
  });

  it('switches brand by overriding the theme vars on the root, and the footer', async () => {
    const { container, rerender } = await renderWithIntl(frame());
    const root = container.firstElementChild as HTMLElement;
    expect(root.classList.contains(defaultThemeClass)).toBe(true);
    expect(root.style.getPropertyValue(property(vars.color.brand))).toBe('');
    rerender(frame({ brand: getBrand('7710'), layout: 'mobile' }));
    expect(root.classList.contains(defaultThemeClass)).toBe(true);
    expect(root.style.getPropertyValue(property(vars.color.brand))).toBe('#7B1E5A');
    expect(root.style.getPropertyValue(property(vars.font.heading))).toContain('Georgia');
    expect(root.style.getPropertyValue(property(vars.space.m))).toBe('');
    expect(root.dataset.layout).toBe('mobile');
    expect(screen.getByRole('img', { name: 'Brackenby Voice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Codes of practice/ })).toBeTruthy();
    rerender(frame());
    expect(root.style.getPropertyValue(property(vars.color.brand))).toBe('');
  });

  it('shows the sign-up hint for a regional brand with a sign-up page only', async () => {
    const signUp = () => screen.queryByRole('link', { name: /Sign up/ });
    const url = 'https://orvalle.example.com/signup';
    const { rerender } = await renderWithIntl(frame({ signUpUrl: url }));
    expect(signUp()?.getAttribute('href')).toBe(url);
    rerender(frame());
    expect(signUp()).toBeNull();
    rerender(frame({ brand: getBrand('7710'), signUpUrl: 'https://brackenby.example.com/signup' }));
    expect(signUp()).toBeNull();
    rerender(frame({ signUpUrl: 'javascript:alert(1)' }));
    expect(signUp()).toBeNull();
  });

  it.each(['1210', '7710'])('has no axe violations for brand %s', async (brandId) => {
    document.documentElement.lang = 'en-US';
    await renderWithIntl(frame({ brand: getBrand(brandId), toast: 'Account locked', busy: true }));
    // jsdom has no layout or computed colours; contrast is checked on the tokens (brand/contrast.test.ts).
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
