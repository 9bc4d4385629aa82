import * as z from 'zod/mini';
import type { Credential } from '../api/credential.ts';

/**
 * Either kind of credential (api/credential.ts) as one object with a check, not a z.union, which
 * would add its schema type to the first screen (api/contract/envelope.ts).
 */
const storedCredentialSchema = z.object({
  kind: z.enum(['email', 'number']),
  loginId: z.string(),
  loginEmail: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  normalizedPhoneNumber: z.optional(z.string()),
  extension: z.optional(z.string()),
});

/** The credential a stored one names, with the fields its kind needs (and no others). */
function credentialOf(stored: z.infer<typeof storedCredentialSchema>): Credential | undefined {
  const { kind, loginId, loginEmail, phoneNumber, normalizedPhoneNumber, extension } = stored;
  if (kind === 'email') return loginEmail === undefined ? undefined : { kind, loginEmail, loginId };
  return phoneNumber === undefined || normalizedPhoneNumber === undefined || extension === undefined
    ? undefined
    : { kind, phoneNumber, normalizedPhoneNumber, extension, loginId };
}

/**
 * What survives a reload of this tab (spec §3: the stored credential is session-scoped). Never the
 * password. Session storage is per tab, so a second tab starts its own sign-in.
 */
const storedSignInSchema = z.object({
  credential: z.optional(
    storedCredentialSchema.check(
      z.refine((credential) => credentialOf(credential) !== undefined, 'not a credential'),
    ),
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
export type StoredSignIn = Omit<z.infer<typeof storedSignInSchema>, 'credential'> & {
  credential?: Credential | undefined;
};

const STORAGE_KEY = 'foyer.signIn';

export function readStoredSignIn(storage: Pick<Storage, 'getItem'> | undefined): StoredSignIn {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed = storedSignInSchema.safeParse(raw ? JSON.parse(raw) : {});
    if (!parsed.success) return {};
    const { credential, ...rest } = parsed.data;
    return credential ? { ...rest, credential: credentialOf(credential) } : rest;
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
