import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { SignUpHint } from './SignUpHint.tsx';

describe('SignUpHint', () => {
  it('asks about an account and links to the sign-up page in a new tab', async () => {
    await renderWithIntl(<SignUpHint href="https://orvalle.example.com/signup" />);
    const link = screen.getByRole('link', { name: 'Sign up (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://orvalle.example.com/signup');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.closest('p')?.textContent).toMatch(/^Don't have an account\? Sign up/);
  });
});
