import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

const ceremonies = vi.hoisted(() => ({ signInWithPasskey: vi.fn() }));
vi.mock('./passkeys/ceremonies.ts', () => ceremonies);

const { signInWithPasskey } = await import('./passkeySignIn.ts');
const { firstScreenDrawn } = await import('./firstScreen.ts');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const input = { clientId: 'app', brandId: '1210', rememberMe: false };

describe('a passkey sign-in from the first screen', () => {
  it('loads nothing when the brand or the browser does not offer passkeys', async () => {
    const actor = createActor(signInWithPasskey, {
      input: { ...input, enabled: false, autofill: true },
    }).start();
    await settle();
    expect(ceremonies.signInWithPasskey).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('hands the ceremony a signal that aborts when the page moves on, and answers with its login', async () => {
    let signal: AbortSignal | undefined;
    ceremonies.signInWithPasskey.mockImplementation((_input: unknown, given: AbortSignal) => {
      signal = given;
      return new Promise(() => {});
    });
    const autofill = createActor(signInWithPasskey, {
      input: { ...input, enabled: true, autofill: true },
    }).start();
    // Autofill's chunk waits for the first screen to be drawn (views/App.tsx says so).
    await settle();
    expect(ceremonies.signInWithPasskey).not.toHaveBeenCalled();
    firstScreenDrawn();
    await settle();
    await settle();
    expect(ceremonies.signInWithPasskey).toHaveBeenCalledWith(
      { ...input, enabled: true, autofill: true },
      signal,
    );
    autofill.stop();
    expect(signal?.aborted).toBe(true);

    ceremonies.signInWithPasskey.mockResolvedValue({ accountId: '1', loginId: 'ada@example.com' });
    const button = createActor(signInWithPasskey, { input: { ...input, enabled: true } }).start();
    await settle();
    await settle();
    expect(button.getSnapshot().output).toEqual({ accountId: '1', loginId: 'ada@example.com' });
  });
});
