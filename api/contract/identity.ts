import * as z from 'zod/mini';
import { clientIdSchema } from './config.ts';

/** Spec §3 login entrances: single sign-on, Google and Apple. */
export const identityEntrances = ['sso', 'google', 'apple'] as const;
export type IdentityEntrance = (typeof identityEntrances)[number];

export const emailSchema = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+$/));
const yes = z.literal('1');

/** GET /api/sso/availability (spec §7: email, rememberEmail). */
export const ssoAvailabilityQuery = z.object({
  clientId: clientIdSchema,
  email: emailSchema,
  rememberEmail: z.optional(z.enum(['0', '1'])),
});

/**
 * The fields /mobile/loginDispatcher reads besides the page parameters it carries (spec §7):
 * selected_entrance, rememberEmail=1, denySSOIfEmailMismatch=1 with login_hint for SSO,
 * externalBrowser=true. ssoPopup=true marks a flow opened in a popup.
 */
export const loginDispatcherQuery = z.object({
  selected_entrance: z.enum(identityEntrances),
  login_hint: z.optional(emailSchema),
  rememberEmail: z.optional(yes),
  denySSOIfEmailMismatch: z.optional(yes),
  externalBrowser: z.optional(z.literal('true')),
  ssoPopup: z.optional(z.literal('true')),
});
export type LoginDispatcherQuery = z.infer<typeof loginDispatcherQuery>;

/**
 * What the identity provider page posts back (server-rendered form). Google and Apple's pages also have
 * 'Don't allow' (deny), and Apple's a choice to hide the email from the app (appleEmail=hide).
 */
export const identitySignInForm = z.object({
  request: z.string().check(z.minLength(1), z.maxLength(8192)),
  action: z.enum(['signIn', 'cancel', 'deny']),
  appleEmail: z.optional(z.enum(['share', 'hide'])),
  email: z.optional(z.string().check(z.maxLength(254))),
  password: z.optional(z.string().check(z.maxLength(256))),
});

/** The message the popup posts to the page that opened it when the identity provider is done. */
export const identityPopupMessage = z.object({
  type: z.literal('foyer.identity'),
  outcome: z.enum(['signedIn', 'cancelled']),
});
export type IdentityPopupOutcome = z.infer<typeof identityPopupMessage>['outcome'];
