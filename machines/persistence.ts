import * as z from 'zod/mini';

/**
 * What survives a reload of this tab (spec §3: the stored credential is session-scoped). Never the
 * password. Session storage is per tab, so a second tab starts its own sign-in.
 */
const storedSignInSchema = z.object({
  credential: z.optional(
    z.union([
      z.object({ kind: z.literal('email'), loginEmail: z.string(), loginId: z.string() }),
      z.object({
        kind: z.literal('number'),
        phoneNumber: z.string(),
        normalizedPhoneNumber: z.string(),
        extension: z.string(),
        loginId: z.string(),
      }),
    ]),
  ),
  credentialText: z.optional(z.string().check(z.maxLength(254))),
  authenticated: z.optional(z.boolean()),
  sessionId: z.optional(z.string().check(z.maxLength(64))),
  /**
   * Spec §2 start-up: a login id this tab saved for its next sign-in, which then starts on the
   * password page. Foyer saves it when a session expires; a host page in the same tab may too.
   */
  initialLoginId: z.optional(z.string().check(z.maxLength(254))),
});
export type StoredSignIn = z.infer<typeof storedSignInSchema>;

const STORAGE_KEY = 'foyer.signIn';

export function readStoredSignIn(storage: Pick<Storage, 'getItem'> | undefined): StoredSignIn {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed = storedSignInSchema.safeParse(raw ? JSON.parse(raw) : {});
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function writeStoredSignIn(storage: Pick<Storage, 'setItem'> | undefined, value: StoredSignIn): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); resuming after reload is then simply not offered.
  }
}

/**
 * A storage area, or undefined where there is none. Reading `sessionStorage` itself throws when the
 * browser blocks site data, so the access is guarded, not only the calls on it.
 */
function storageArea(name: 'sessionStorage' | 'localStorage'): Storage | undefined {
  try {
    return globalThis[name] ?? undefined;
  } catch {
    return undefined;
  }
}

export const browserSessionStorage = (): Storage | undefined => storageArea('sessionStorage');

export const browserLocalStorage = (): Storage | undefined => storageArea('localStorage');

const AUTOMATION_TARGET_KEY = 'foyer.loginAutomationTarget';

/**
 * Spec §4 login automation: the address sign-in would have opened is kept in this tab's storage for
 * the automation to pick up, instead of being opened.
 */
export function writeAutomationTarget(storage: Pick<Storage, 'setItem'> | undefined, url: string): void {
  try {
    storage?.setItem(AUTOMATION_TARGET_KEY, url);
  } catch {
    // Without storage the notification still shows; the automation then has nothing to read.
  }
}

export function readAutomationTarget(storage: Pick<Storage, 'getItem'> | undefined): string | undefined {
  try {
    return storage?.getItem(AUTOMATION_TARGET_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
