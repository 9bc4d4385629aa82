import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  platformAuthenticatorIsAvailable: vi.fn(),
  cancelCeremony: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: browser.startAuthentication,
  startRegistration: browser.startRegistration,
  platformAuthenticatorIsAvailable: browser.platformAuthenticatorIsAvailable,
  WebAuthnAbortService: { cancelCeremony: browser.cancelCeremony },
}));
const endpoints = vi.hoisted(() => ({
  getAuthenticationOptions: vi.fn(),
  authenticate: vi.fn(),
  getRegistrationOptions: vi.fn(),
  register: vi.fn(),
}));
vi.mock('../../api/passkeysEndpoints.ts', () => ({ createPasskeysEndpoints: () => endpoints }));

const { createPasskey, requestAssertion, signInWithPasskey, toPasskeyError } = await import(
  './ceremonies.ts'
);

const named = (name: string) => Object.assign(new Error(name), { name });
const options = {
  challenge: 'abc',
  rpId: 'localhost',
  timeout: 300000,
  userVerification: 'required',
  allowCredentials: [],
};

beforeEach(() => {
  vi.clearAllMocks();
  endpoints.getAuthenticationOptions.mockResolvedValue({ challengeId: 'c'.repeat(22), options });
});

describe('the browser’s refusals', () => {
  it('word a cancelled or timed-out request, a passkey the device already has, and anything else', () => {
    expect(toPasskeyError(named('NotAllowedError')).code).toBe('UI_ERROR_PASSKEY_CANCELLED');
    expect(toPasskeyError(named('AbortError')).code).toBe('UI_ERROR_PASSKEY_CANCELLED');
    expect(
      toPasskeyError(Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }))
        .code,
    ).toBe('UI_ERROR_PASSKEY_EXISTS');
    expect(toPasskeyError(named('InvalidStateError')).code).toBe('UI_ERROR_PASSKEY_EXISTS');
    expect(toPasskeyError(named('SecurityError')).code).toBe('UI_ERROR_PASSKEY_UNAVAILABLE');
    expect(toPasskeyError('odd').code).toBe('UI_ERROR_PASSKEY_UNAVAILABLE');
    const server = new ApiError({ code: 'API_ERROR_751' });
    expect(toPasskeyError(server)).toBe(server);
  });
});

describe('asking the browser for a passkey', () => {
  it('asks for the picker row’s account, and for autofill as a conditional request', async () => {
    browser.startAuthentication.mockResolvedValue({ id: 'cred' });
    const assertion = await requestAssertion({
      clientId: 'app',
      brandId: '1210',
      loginId: 'ada@example.com',
      autofill: true,
    });
    expect(endpoints.getAuthenticationOptions).toHaveBeenCalledWith({
      brandId: '1210',
      loginId: 'ada@example.com',
    });
    expect(browser.startAuthentication).toHaveBeenCalledWith(
      expect.objectContaining({ optionsJSON: options, useBrowserAutofill: true }),
    );
    expect(assertion).toEqual({ challengeId: 'c'.repeat(22), credential: { id: 'cred' } });
  });

  it('rejects with the worded refusal when the person cancels', async () => {
    browser.startAuthentication.mockRejectedValue(named('NotAllowedError'));
    await expect(requestAssertion({ clientId: 'app', brandId: '1210' })).rejects.toMatchObject({
      code: 'UI_ERROR_PASSKEY_CANCELLED',
    });
  });
});

describe('signing in with a passkey', () => {
  const login = { brandId: '1210', accountId: '1', extensionId: '101', loginId: 'ada@example.com' };

  it('sends what the browser vouched for to the server and answers with its login', async () => {
    browser.startAuthentication.mockResolvedValue({ id: 'cred' });
    endpoints.authenticate.mockResolvedValue(login);
    const signal = new AbortController().signal;
    await expect(
      signInWithPasskey({ clientId: 'app', brandId: '1210', rememberMe: true }, signal),
    ).resolves.toEqual(login);
    expect(endpoints.authenticate).toHaveBeenCalledWith({
      brandId: '1210',
      challengeId: 'c'.repeat(22),
      credential: { id: 'cred' },
      rememberMe: true,
    });
  });

  it('cancels the request when aborted; autofill that cannot start never answers, the button says why', async () => {
    const controller = new AbortController();
    browser.startAuthentication.mockRejectedValue(named('NotAllowedError'));
    const autofill = signInWithPasskey(
      { clientId: 'app', brandId: '1210', rememberMe: false, autofill: true },
      controller.signal,
    );
    let settled = false;
    autofill.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    controller.abort();
    expect(browser.cancelCeremony).toHaveBeenCalled();
    await expect(
      signInWithPasskey(
        { clientId: 'app', brandId: '1210', rememberMe: false },
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ code: 'UI_ERROR_PASSKEY_CANCELLED' });
    expect(endpoints.authenticate).not.toHaveBeenCalled();
  });
});

describe('creating a passkey', () => {
  it('asks for this device’s own authenticator when it has one, and registers what it made', async () => {
    browser.platformAuthenticatorIsAvailable.mockResolvedValue(true);
    endpoints.getRegistrationOptions.mockResolvedValue({
      challengeId: 'r'.repeat(22),
      options: { challenge: 'x' },
    });
    browser.startRegistration.mockResolvedValue({ id: 'new' });
    endpoints.register.mockResolvedValue({ id: '1', name: 'Chrome on Linux' });
    await expect(createPasskey({ clientId: 'app', sessionId: 's1' })).resolves.toEqual({
      id: '1',
      name: 'Chrome on Linux',
    });
    expect(endpoints.getRegistrationOptions).toHaveBeenCalledWith({ sessionId: 's1', platform: true });
    expect(endpoints.register).toHaveBeenCalledWith({
      sessionId: 's1',
      challengeId: 'r'.repeat(22),
      credential: { id: 'new' },
    });
  });

  it('does not register anything the browser refused', async () => {
    browser.platformAuthenticatorIsAvailable.mockRejectedValue(new Error('no'));
    endpoints.getRegistrationOptions.mockResolvedValue({
      challengeId: 'r'.repeat(22),
      options: { challenge: 'x' },
    });
    browser.startRegistration.mockRejectedValue(named('InvalidStateError'));
    await expect(createPasskey({ clientId: 'app', sessionId: undefined })).rejects.toMatchObject({
      code: 'UI_ERROR_PASSKEY_EXISTS',
    });
    expect(endpoints.getRegistrationOptions).toHaveBeenCalledWith({ sessionId: undefined, platform: false });
    expect(endpoints.register).not.toHaveBeenCalled();
  });
});
