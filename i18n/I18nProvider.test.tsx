import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, useMessages } from './I18nProvider.tsx';
import { Msg, useFormat } from './Msg.tsx';

function Sample() {
  const format = useFormat();
  return (
    <button type="button" aria-label={format('credential.label')}>
      <Msg id="consent.title" values={{ appName: 'Acme Notes', brandName: 'Orvalle Connect' }} />
    </button>
  );
}

afterEach(() => {
  document.documentElement.lang = '';
});

describe('I18nProvider', () => {
  it('shows only a spinner until the catalogue loads, then the messages', async () => {
    render(
      <I18nProvider localeId="en_US">
        <Sample />
      </I18nProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(/would like to access/)).toBeNull();

    const text = await screen.findByText('Acme Notes would like to access your Orvalle Connect account');
    expect(text.getAttribute('aria-label')).toBe('Email or phone number');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('renders the pseudo locale with the values in place', async () => {
    render(
      <I18nProvider localeId="en_ZZ">
        <Sample />
      </I18nProvider>,
    );
    const text = await screen.findByText(
      /^\[Acme Notes ŵöũļď ļĩķé ţö àççéšš ýöũŕ Orvalle Connect àççöũñţ .+\]$/,
    );
    expect(text.getAttribute('aria-label')).toMatch(/^\[Éɱàĩļ öŕ þĥöñé ñũɱƀéŕ/);
    expect(document.documentElement.lang).toBe('en-XA');
  });

  it('shows English for a locale that has no catalogue', async () => {
    render(
      <I18nProvider localeId="tlh_QO">
        <Sample />
      </I18nProvider>,
    );
    expect(
      await screen.findByText('Acme Notes would like to access your Orvalle Connect account'),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('keeps the current messages on screen while another locale loads', async () => {
    const { rerender } = render(
      <I18nProvider localeId="en_US">
        <Sample />
      </I18nProvider>,
    );
    await screen.findByText(/would like to access/);
    rerender(
      <I18nProvider localeId="en_ZZ">
        <Sample />
      </I18nProvider>,
    );
    expect(screen.getByText('Acme Notes would like to access your Orvalle Connect account')).toBeTruthy();
    expect(await screen.findByText(/ŵöũļď ļĩķé/)).toBeTruthy();
  });

  it('still says every message renders while a chosen locale loads, so lazy screens stay mounted', async () => {
    function Screen() {
      const { complete } = useMessages();
      return complete ? (
        <>
          <input aria-label="typed" defaultValue="" />
          <Sample />
        </>
      ) : (
        <p>waiting</p>
      );
    }
    const { rerender } = render(
      <I18nProvider localeId="en_US">
        <Screen />
      </I18nProvider>,
    );
    const field = (await screen.findByRole('textbox', { name: 'typed' })) as HTMLInputElement;
    field.value = 'ada@exa';
    rerender(
      <I18nProvider localeId="de_DE">
        <Screen />
      </I18nProvider>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    expect(await screen.findByText(/möchte auf Ihr/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'typed' })).toBe(field);
    expect(field.value).toBe('ada@exa');
    expect(document.documentElement.lang).toBe('de-DE');
  });
});
